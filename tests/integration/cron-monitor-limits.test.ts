import { describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { call, expectStandardError, registerUser, serviceToken } from "../support/http";
import { createMonitor, monitorBody, orgIdOf } from "../support/seed";

const countIn = async (slug: string) =>
  (await testDb().one<{ n: number }>(`SELECT count(*) AS n FROM cron_monitors WHERE org_id = ?`, [
    await orgIdOf(slug),
  ]))!.n;

describe("max_cron_monitors (Free: 10)", () => {
  it("lets exactly 10 of 15 concurrent creates through on a Free organization", async () => {
    const owner = await registerUser("racer");
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        call("POST", "/cron-monitors", { token: owner.access, body: monitorBody({ name: `race-${i}` }) }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 403)).toHaveLength(5);
    for (const refused of answers.filter((a) => a.status === 403))
      expectStandardError(refused, 403, "PLAN_LIMIT_REACHED");
    expect(await countIn(owner.orgSlug)).toBe(10);
  });

  it("lets exactly one of 20 concurrent creates through when the organization is one below its limit", async () => {
    const owner = await registerUser("edge");
    for (let i = 0; i < 9; i++) await createMonitor(owner);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call("POST", "/cron-monitors", { token: owner.access, body: monitorBody({ name: `edge-${i}` }) }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201))
      expectStandardError(refused, 403, "PLAN_LIMIT_REACHED");
    expect(await countIn(owner.orgSlug)).toBe(10);
  });

  it("refuses the 11th create, and counts per organization", async () => {
    const owner = await registerUser("full");
    for (let i = 0; i < 10; i++) await createMonitor(owner);
    const refused = await call("POST", "/cron-monitors", { token: owner.access, body: monitorBody() });
    expectStandardError(refused, 403, "PLAN_LIMIT_REACHED");
    expect(await countIn(owner.orgSlug)).toBe(10);
    const team = await call("POST", "/orgs", { token: owner.access, body: { name: "second org" } });
    const there = await call("POST", "/cron-monitors", {
      token: owner.access,
      body: monitorBody(),
      headers: { "X-Org-Slug": team.body.data.slug },
    });
    expect(there.status).toBe(201);
    // a freed slot can be used again
    const first = (await call("GET", "/cron-monitors?limit=1", { token: owner.access })).body.data[0];
    expect((await call("DELETE", `/cron-monitors/${first.id}`, { token: owner.access })).status).toBe(204);
    expect((await call("POST", "/cron-monitors", { token: owner.access, body: monitorBody() })).status).toBe(201);
  });
});

describe("upsert by (organization, source, external_id)", () => {
  const managed = (overrides: Record<string, unknown> = {}) =>
    monitorBody({ source: "kubernetes", external_id: "prod/backup", name: "backup", ...overrides });

  it("creates once (201), then updates the same monitor (200) keeping its id and ping token", async () => {
    const owner = await registerUser("operator");
    const token = await serviceToken(owner, ["cronmonitor.create", "cronmonitor.edit", "cronmonitor.view"]); // updating a pair is an edit
    const first = await call("POST", "/cron-monitors", { token, body: managed({ suspended: false }) });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      source: "kubernetes",
      external_id: "prod/backup",
      managed: true,
      name: "backup",
    });

    const second = await call("POST", "/cron-monitors", {
      token,
      body: managed({
        name: "backup v2",
        schedule_kind: "period",
        period_seconds: 3600,
        cron_expression: undefined,
        suspended: true,
      }),
    });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({
      id: first.body.data.id,
      ping_token: first.body.data.ping_token,
      name: "backup v2",
      schedule_kind: "period",
      period_seconds: 3600,
      cron_expression: null,
      suspended: true,
      state: "paused",
      managed: true,
    });
    expect(await countIn(owner.orgSlug)).toBe(1);

    // another pair, or the same pair in another organization, is another monitor
    expect((await call("POST", "/cron-monitors", { token, body: managed({ external_id: "prod/other" }) })).status).toBe(
      201,
    );
    const stranger = await registerUser("stranger");
    const theirs = await call("POST", "/cron-monitors", { token: stranger.access, body: managed() });
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.id).not.toBe(first.body.data.id);
  });

  it("validates an upsert like a create", async () => {
    const owner = await registerUser("operator");
    await call("POST", "/cron-monitors", { token: owner.access, body: managed() });
    const bad = await call("POST", "/cron-monitors", {
      token: owner.access,
      body: managed({ cron_expression: "@reboot" }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: "invalid_schedule",
      code: "invalid_cron_syntax",
      field: "cron_expression",
    });
  });

  it("does not count an update of an existing pair against the plan limit", async () => {
    const owner = await registerUser("operator");
    await call("POST", "/cron-monitors", { token: owner.access, body: managed() });
    for (let i = 0; i < 9; i++) await createMonitor(owner);
    expect(await countIn(owner.orgSlug)).toBe(10);
    const update = await call("POST", "/cron-monitors", { token: owner.access, body: managed({ name: "still fits" }) });
    expect(update.status).toBe(200);
    expect(update.body.data.name).toBe("still fits");
    expectStandardError(
      await call("POST", "/cron-monitors", { token: owner.access, body: managed({ external_id: "new-pair" }) }),
      403,
      "PLAN_LIMIT_REACHED",
    );
    expect(await countIn(owner.orgSlug)).toBe(10);
  });

  it("keeps concurrent upserts of one new pair to a single monitor", async () => {
    const owner = await registerUser("operator");
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call("POST", "/cron-monitors", { token: owner.access, body: managed() })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await countIn(owner.orgSlug)).toBe(1);
  });
});
