import { describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { dashboardCookie, trpcMutation } from "../support/dashboard";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { setPlan } from "../support/projects";

// Services per plan (src/shared/plans.ts): Free 20, Pro 100, Team 500, Scale 1,000, Enterprise
// unlimited, counted per owner (services belong to a user and follow the plan of the owner's
// default organization), refused with 403 PLAN_LIMIT_REACHED like cron monitors.
const body = (name: string) => ({
  name,
  type: "http",
  config: { url: "http://127.0.0.1:9/health" },
  interval: 300,
  enabled: false,
});
const create = (user: TestUser, name: string) => call("POST", "/services", { token: user.access, body: body(name) });
const countOf = async (user: TestUser) =>
  Number((await testDb().one<{ n: number }>("SELECT COUNT(*) AS n FROM services WHERE user_id = ?", [user.id]))!.n);

/** Inserts services straight into the database (only the count matters), up to `n` for the user. */
async function fillTo(user: TestUser, n: number) {
  const now = new Date();
  for (let i = await countOf(user); i < n; i++) {
    await testDb().run(
      "INSERT INTO services (user_id, name, type, enabled, interval, config, status, created_at, updated_at) VALUES (?, ?, 'http', ?, 300, '{}', 'pending', ?, ?)",
      [user.id, `filler ${i}`, false, now, now],
    );
  }
}

describe("services per plan", () => {
  it("lets exactly 20 of 25 concurrent creates through on the Free plan, the others 403 PLAN_LIMIT_REACHED", async () => {
    const user = await registerUser("svc-racer");
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => create(user, `race ${i}`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(5);
    for (const r of refused) expectStandardError(r, 403, "PLAN_LIMIT_REACHED");
    expect(refused[0]!.body.error.message).toBe("Your plan allows 20 services; delete one or upgrade the plan");
    expect(await countOf(user)).toBe(20);
  }, 60_000);

  it("lets exactly one of 10 concurrent creates through one below the limit, and a freed slot can be used again", async () => {
    const user = await registerUser("svc-edge");
    await fillTo(user, 19);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => create(user, `edge ${i}`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const r of answers.filter((a) => a.status !== 201)) expectStandardError(r, 403, "PLAN_LIMIT_REACHED");
    expect(await countOf(user)).toBe(20);
    const created = answers.find((a) => a.status === 201)!.body.data.id;
    expect((await call("DELETE", `/services/${created}`, { token: user.access })).status).toBe(204);
    expect((await create(user, "again")).status).toBe(201);
    expectStandardError(await create(user, "one too many"), 403, "PLAN_LIMIT_REACHED");
  });

  it("follows the plan: Pro allows 100, Team 500, Scale 1,000, Enterprise has no limit", async () => {
    const user = await registerUser("svc-plans");
    for (const [plan, max] of [
      ["pro", 100],
      ["team", 500],
      ["scale", 1000],
    ] as const) {
      await setPlan(user, plan);
      await fillTo(user, max - 1);
      expect((await create(user, `last on ${plan}`)).status).toBe(201);
      const refused = await create(user, `over ${plan}`);
      expectStandardError(refused, 403, "PLAN_LIMIT_REACHED");
      expect(refused.body.error.message).toBe(`Your plan allows ${max} services; delete one or upgrade the plan`);
    }
    await setPlan(user, "enterprise");
    expect((await create(user, "beyond")).status).toBe(201);
    expect(await countOf(user)).toBe(1001);
  }, 120_000);

  it("refuses the dashboard's create at the limit with PLAN_LIMIT_REACHED on the tRPC face, and a bad body is still a 400", async () => {
    const user = await registerUser("svc-dash");
    await fillTo(user, 20);
    const cookie = await dashboardCookie(baseUrl(), user.email, user.password);
    const res = await trpcMutation(baseUrl(), "services.create", body("dashboard"), { cookie });
    expect(res.status).toBe(403);
    expect(res.body.error.data).toMatchObject({ appCode: "PLAN_LIMIT_REACHED" });
    const invalid = await call("POST", "/services", {
      token: user.access,
      body: { ...body("bad"), config: { url: "ftp://x" } },
    });
    expectStandardError(invalid, 400, "VALIDATION_ERROR");
    expect(await countOf(user)).toBe(20);
  });
});
