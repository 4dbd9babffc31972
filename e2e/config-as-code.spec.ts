import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { apiMonitor, apiProject, signedInUser } from "./support";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

test("export the organization, edit the document, preview the import and apply it; axe finds nothing", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "config-as-code");
  const project = await apiProject(request, access, "Batch");
  const monitor = await apiMonitor(request, access, {
    name: "Nightly backup",
    schedule_kind: "period",
    period_seconds: 3600,
    project_id: project.id,
  });

  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Monitoring as code" });
  await section.getByRole("button", { name: "Export" }).click();
  const document = section.getByLabel("Document (YAML)");
  await expect(document).toHaveValue(/- name: Nightly backup\n\s+schedule_kind: period\n\s+period_seconds: 3600/);
  await expect(document).toHaveValue(/project: Batch/);
  await expect(section.getByRole("link", { name: "Download lifeline.yaml" })).toBeVisible();

  // The edit: a longer grace period, and a second monitor.
  const exported = await document.inputValue();
  await document.fill(
    `${exported.replace("grace_seconds: 300", "grace_seconds: 900")}`.replace(
      "cron_monitors:\n",
      "cron_monitors:\n  - name: Weekly report\n    schedule_kind: cron\n    cron_expression: 0 6 * * 1\n",
    ),
  );
  await expect(section.getByRole("button", { name: "Apply" })).toBeDisabled();
  await section.getByRole("button", { name: "Preview import" }).click();
  const preview = section.getByTestId("config-preview");
  await expect(preview).toHaveText(
    '+ create cron monitor "Weekly report"\n~ change cron monitor "Nightly backup"\n    grace_seconds: 300 -> 900\nPlan: 1 to create, 1 to change, 0 to delete.\n',
    { useInnerText: true },
  );

  const found: Record<string, unknown> = {};
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(result.passes.map((r) => r.id)).toEqual(expect.arrayContaining(["color-contrast"]));
    if (result.violations.length > 0)
      found[scheme] = result.violations.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(" ")) }));
  }
  expect(found).toEqual({});

  await section.getByRole("button", { name: "Apply" }).click();
  await expect(section.getByTestId("config-applied")).toContainText("Applied.");
  const read = await request.get(`/api/v1/cron-monitors/${monitor.id}`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(((await read.json()) as { data: { grace_seconds: number } }).data.grace_seconds).toBe(900);

  // The same document again: nothing to do.
  await section.getByRole("button", { name: "Preview import" }).click();
  await expect(preview).toContainText("No changes. The organization matches the document.");
  await expect(section.getByRole("button", { name: "Apply" })).toBeDisabled();
});
