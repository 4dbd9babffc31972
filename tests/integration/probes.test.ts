import { beforeAll, describe, expect, it } from "vitest";
import { call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { rows } from "../support/db";
import { setPlan } from "../support/projects";

let team: TestUser;
let free: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  [team, free, stranger] = await Promise.all([registerUser("team"), registerUser("free"), registerUser("stranger")]);
  await setPlan(team, "team");
  await setPlan(stranger, "team");
});

const register = (user: TestUser, body: unknown = { name: "office", location: "Berlin" }) =>
  call("POST", "/probes", { token: user.access, body });
const asProbe = (token: string) => call("GET", "/probe/self", { headers: { "X-Auth": token } });

describe("private probes", () => {
  it("registers on the Team plan: 201 with a 32-character token shown once and stored as a digest", async () => {
    const res = await register(team);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: "office",
      location: "Berlin",
      kind: "private",
      org: team.orgSlug,
      version: null,
      last_seen_at: null,
    });
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const read = await call("GET", `/probes/${res.body.data.id}`, { token: team.access });
    expect(read.status).toBe(200);
    expect(read.body.data.token).toBeUndefined();
    const [row] = await rows<{ token_hash: string }>("SELECT token_hash FROM probes WHERE id = ?", res.body.data.id);
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toContain(res.body.data.token);
  });

  it("refuses POST /probes on the Free plan with the plan-limit 403", async () => {
    expectStandardError(await register(free), 403, "PLAN_LIMIT_REACHED");
  });

  it("refuses a probe without a name with a 400 on name", async () => {
    const res = await register(team, { name: "" });
    expectStandardError(res, 400, "VALIDATION_ERROR");
    expect(Object.keys(res.body.error.details)).toEqual(["name"]);
  });

  it("lists platform probes and the caller's own private ones, never another organization's", async () => {
    const mine = (await register(team, { name: "mine" })).body.data;
    const theirs = (await register(stranger, { name: "theirs" })).body.data;
    const ids = (await call("GET", "/probes", { token: team.access })).body.data.map((p: { id: number }) => p.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    const freeIds = (await call("GET", "/probes", { token: free.access })).body.data.map((p: { id: number }) => p.id);
    expect(freeIds).not.toContain(mine.id);
  });

  it("hides another organization's probe: 404 on read, update, delete and rotation", async () => {
    const theirs = (await register(stranger, { name: "hidden" })).body.data;
    expectStandardError(await call("GET", `/probes/${theirs.id}`, { token: team.access }), 404, "NOT_FOUND");
    expectStandardError(
      await call("PATCH", `/probes/${theirs.id}`, { token: team.access, body: { name: "x" } }),
      404,
      "NOT_FOUND",
    );
    expectStandardError(await call("DELETE", `/probes/${theirs.id}`, { token: team.access }), 404, "NOT_FOUND");
    expectStandardError(await call("POST", `/probes/${theirs.id}/token`, { token: team.access }), 404, "NOT_FOUND");
    expect((await asProbe(theirs.token)).status).toBe(200);
  });

  it("updates name and location", async () => {
    const p = (await register(team)).body.data;
    const res = await call("PATCH", `/probes/${p.id}`, {
      token: team.access,
      body: { name: "rack 2", location: "Paris" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: p.id, name: "rack 2", location: "Paris" });
  });

  it("accepts the probe's X-Auth token, records it as seen, and refuses a wrong one", async () => {
    const p = (await register(team)).body.data;
    const self = await call("GET", "/probe/self", { headers: { "X-Auth": p.token, "X-Probe-Version": "1.2.3" } });
    expect(self.status).toBe(200);
    expect(self.body.data).toMatchObject({ id: p.id, version: "1.2.3" });
    expect(self.body.data.last_seen_at).not.toBeNull();
    expectStandardError(await asProbe("x".repeat(32)), 401, "UNAUTHORIZED");
    expectStandardError(await call("GET", "/probe/self"), 401, "UNAUTHORIZED");
  });

  it("rotation refuses the old token at once and accepts the new one", async () => {
    const p = (await register(team)).body.data;
    const rotated = await call("POST", `/probes/${p.id}/token`, { token: team.access });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.token).not.toBe(p.token);
    expect((await asProbe(p.token)).status).toBe(401);
    expect((await asProbe(rotated.body.data.token)).status).toBe(200);
  });

  it("delete answers 204 and refuses the token at once", async () => {
    const p = (await register(team)).body.data;
    expect((await asProbe(p.token)).status).toBe(200);
    const del = await call("DELETE", `/probes/${p.id}`, { token: team.access });
    expect(del.status).toBe(204);
    expect((await asProbe(p.token)).status).toBe(401);
    expectStandardError(await call("GET", `/probes/${p.id}`, { token: team.access }), 404, "NOT_FOUND");
  });

  it("health summary lists each visible probe with last seen, checks per minute, lag and version", async () => {
    const p = (await register(team, { name: "healthy" })).body.data;
    await call("GET", "/probe/self", { headers: { "X-Auth": p.token, "X-Probe-Version": "0.9.0" } });
    const res = await call("GET", "/probes/health-summary", { token: team.access });
    expect(res.status).toBe(200);
    const row = res.body.data.find((h: { id: number }) => h.id === p.id);
    expect(row).toMatchObject({
      id: p.id,
      name: "healthy",
      kind: "private",
      version: "0.9.0",
      online: true,
      checks_per_minute: 0,
    });
    expect(typeof row.lag_seconds).toBe("number");
  });
});
