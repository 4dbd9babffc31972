import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseEnv } from "../support/db";
import { call, expectStandardError, registerUser } from "../support/http";
import { startLifeline, type RunningLifeline } from "../support/lifeline";

// Revocation is immediate on every process: a second web process on the suite's database has the
// caller's token verified and cached from an earlier request; the session or service token revoked
// through the suite's server is refused by the second process on its very next request.
let other: RunningLifeline;
beforeAll(async () => {
  other = await startLifeline(databaseEnv(), { args: ["--web-only"] });
}, 120_000);
afterAll(async () => {
  await other?.stop();
});

const onOther = (method: string, route: string, token: string) =>
  call(method, `${other.baseUrl}/api/v1${route}`, { token });

describe("revocation across web processes", () => {
  it("a session logged out on one process is refused on the other at its next request", async () => {
    const user = await registerUser("revoke-session");
    expect((await onOther("GET", "/auth/me", user.access)).status).toBe(200);
    expect((await onOther("GET", "/cron-monitors", user.access)).status).toBe(200);
    expect((await call("POST", "/auth/logout", { token: user.access })).status).toBe(204);
    expectStandardError(await onOther("GET", "/auth/me", user.access), 401, "UNAUTHORIZED");
    expectStandardError(await onOther("GET", "/cron-monitors", user.access), 401, "UNAUTHORIZED");
  });

  it("a service token deleted on one process is refused on the other at its next request", async () => {
    const owner = await registerUser("revoke-token");
    const created = await call("POST", `/orgs/${owner.orgSlug}/service-tokens`, {
      token: owner.access,
      body: { name: "ci", capabilities: ["cronmonitor.view"] },
    });
    const token: string = created.body.data.token;
    expect((await onOther("GET", "/cron-monitors", token)).status).toBe(200);
    expect(
      (await call("DELETE", `/orgs/${owner.orgSlug}/service-tokens/${created.body.data.id}`, { token: owner.access }))
        .status,
    ).toBe(204);
    expectStandardError(await onOther("GET", "/cron-monitors", token), 401, "UNAUTHORIZED");
  });
});
