import { expect, test } from "@playwright/test";
import { apiProject, signedInUser } from "./support";

test("projects reordered by keyboard keep their order after a reload", async ({ page, request }) => {
  const { access } = await signedInUser(page, request, "reorder");
  for (const name of ["Alpha", "Bravo", "Charlie"]) await apiProject(request, access, name);
  await page.goto("/projects");
  const names = page.getByTestId("project-name");
  await expect(names).toHaveText(["Alpha", "Bravo", "Charlie"]);

  // Charlie to the top with two ArrowUp presses on its move handle; focus stays on the handle.
  await page.getByRole("button", { name: /^Move Charlie, position 3 of 3/ }).focus();
  await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("status").filter({ hasText: "Charlie moved to position 2 of 3" })).toBeAttached();
  await page.keyboard.press("ArrowUp");
  await expect(names).toHaveText(["Charlie", "Alpha", "Bravo"]);
  await expect(page.getByRole("button", { name: /^Move Charlie, position 1 of 3/ })).toBeFocused();
  // Then Alpha down one step by Tab-reaching its handle.
  await page.getByRole("button", { name: /^Move Alpha, position 2 of 3/ }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(names).toHaveText(["Charlie", "Bravo", "Alpha"]);

  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(names).toHaveText(["Charlie", "Bravo", "Alpha"]);
  const api = await request.get("/api/v1/projects", { headers: { Authorization: `Bearer ${access}` } });
  expect(((await api.json()) as { data: { name: string }[] }).data.map((p) => p.name)).toEqual([
    "Charlie",
    "Bravo",
    "Alpha",
  ]);
});

test("a move made while the list is being read again is not undone by that read's older answer", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "reorder-race");
  for (const name of ["Alpha", "Bravo", "Charlie"]) await apiProject(request, access, name);
  await page.goto("/projects");
  const names = page.getByTestId("project-name");
  await expect(names).toHaveText(["Alpha", "Bravo", "Charlie"]);

  // The server answers at once; the page is handed the list's reads, and the second save's answer,
  // only when the test releases them.
  const gate = () => {
    let open: () => void = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };
  const readGate = gate();
  const saveGate = gate();
  const readHandedOver = gate();
  const list = /\/api\/trpc\/projects\.list\b/;
  await page.route(list, async (route) => {
    const answer = await route.fetch();
    await readGate.opened;
    await route.fulfill({ response: answer }).catch(() => {}); // a read the page gave up on
    readHandedOver.open();
  });
  let saves = 0;
  await page.route(/\/api\/trpc\/projects\.reorder\b/, async (route) => {
    const answer = await route.fetch();
    if (++saves === 2) await saveGate.opened;
    await route.fulfill({ response: answer });
  });

  const read = page.waitForRequest(list);
  await page.getByRole("button", { name: /^Move Charlie, position 3 of 3/ }).focus();
  await page.keyboard.press("ArrowUp");
  await read; // the first move is saved and the list read again: that read answers Alpha, Charlie, Bravo
  // Every order the list shows from the second move on is recorded.
  await page.evaluate(() => {
    const list = document.querySelector("ol.project-list")!;
    const shown = ((window as unknown as { shown: string[] }).shown = [] as string[]);
    const record = () =>
      shown.push([...list.querySelectorAll("[data-testid=project-name]")].map((n) => n.textContent).join(","));
    new MutationObserver(record).observe(list, { subtree: true, childList: true, characterData: true });
  });
  await page.keyboard.press("ArrowUp"); // saved, but its answer held
  await expect(names).toHaveText(["Charlie", "Alpha", "Bravo"]);

  readGate.open();
  await readHandedOver.opened;
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  saveGate.open();
  await page.waitForLoadState("networkidle");
  await expect(names).toHaveText(["Charlie", "Alpha", "Bravo"]);
  const shown = await page.evaluate(() => (window as unknown as { shown: string[] }).shown);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.filter((order) => order !== "Charlie,Alpha,Bravo")).toEqual([]);
  await page.unrouteAll();
  await page.reload();
  await expect(names).toHaveText(["Charlie", "Alpha", "Bravo"]);
});

test("projects reordered by drag and drop keep their order", async ({ page, request }) => {
  const { access } = await signedInUser(page, request, "drag");
  for (const name of ["Ant", "Bee", "Cat"]) await apiProject(request, access, name);
  await page.goto("/projects");
  const items = page.getByTestId("project-item");
  await expect(page.getByTestId("project-name")).toHaveText(["Ant", "Bee", "Cat"]);
  await items.nth(2).dragTo(items.nth(0));
  await expect(page.getByTestId("project-name")).toHaveText(["Cat", "Ant", "Bee"]);
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(page.getByTestId("project-name")).toHaveText(["Cat", "Ant", "Bee"]);
});

test("a project is edited with a colour and an icon, and deleted after confirmation", async ({ page, request }) => {
  const { access } = await signedInUser(page, request, "editproj");
  await apiProject(request, access, "Web");
  await page.goto("/projects");
  await page.getByRole("button", { name: "Edit Web" }).click();
  const form = page.getByRole("form", { name: "Save project" });
  await form.getByLabel("Name", { exact: true }).fill("Website");
  await form.getByLabel("Colour").fill("#ff0000");
  await form.getByLabel("Icon").selectOption("rocket");
  await form.getByRole("button", { name: "Save project" }).click();
  await expect(page.getByTestId("project-name")).toHaveText(["Website"]);
  const api = await request.get("/api/v1/projects", { headers: { Authorization: `Bearer ${access}` } });
  expect(((await api.json()) as { data: { color: string; icon: string }[] }).data[0]).toMatchObject({
    color: "#FF0000",
    icon: "rocket",
  });

  await page.getByRole("button", { name: "Delete Website" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete project" }).click();
  await expect(page.getByText("No projects yet")).toBeVisible();
});
