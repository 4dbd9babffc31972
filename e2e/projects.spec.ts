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
