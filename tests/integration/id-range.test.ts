import { beforeAll, describe, expect, it } from "vitest";
import { dashboardCookie, trpcQuery } from "../support/dashboard";
import { baseUrl, call, registerUser, type TestUser } from "../support/http";

// Found by the generated fuzz: an id or a project filter beyond what the id columns hold (32-bit on
// PostgreSQL, 64-bit on SQLite) reached the database and answered 500. Ids are 1 to 2147483647 in
// every input (MAX_ID in src/shared/schemas/common.ts): a larger one is a 400 keyed by the field,
// on both engines and both faces, and a page number past the end is an empty page.
const BEYOND = [2 ** 31, 2 ** 40, 2 ** 53 - 1];
let owner: TestUser;
let cookie: string;

beforeAll(async () => {
  owner = await registerUser("ids");
  cookie = await dashboardCookie(baseUrl(), owner.email, owner.password);
});

describe("ids beyond the id columns' range", () => {
  it.each(BEYOND)("are refused: %s answers 400 keyed id on REST and tRPC", async (id) => {
    for (const path of [
      `/cron-monitors/${id}`,
      `/services/${id}`,
      `/projects/${id}`,
      `/integrations/${id}`,
      `/incidents/${id}`,
      `/probes/${id}`,
      `/cron-monitors/${id}/runs`,
    ]) {
      const res = await call("GET", path, { token: owner.access });
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(Object.keys(res.body.error.details), path).toEqual(["id"]);
    }
    const patch = await call("PATCH", `/cron-monitors/${id}`, { token: owner.access, body: { name: "x" } });
    expect(patch.status, patch.text).toBe(400);
    for (const proc of ["cronMonitors.get", "services.get", "projects.get"]) {
      const res = await trpcQuery(baseUrl(), proc, { id }, { cookie });
      expect(res.status, `${proc}: ${res.text}`).toBe(400);
      expect(res.body.error.data.details.id, proc).toBeDefined();
    }
  });

  it("a page number past the end answers an empty page", async () => {
    for (const path of ["/services", "/cron-monitors", "/incidents", "/integrations"]) {
      const res = await call("GET", `${path}?page=${2 ** 53 - 1}`, { token: owner.access });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      expect(res.body.data).toEqual([]);
    }
  });

  it.each(["9999999999", "18446744073709552000", "2147483648"])(
    "as a project filter (%s) are refused keyed project",
    async (project) => {
      for (const path of [`/services?project=${project}`, `/cron-monitors?project=${project}`]) {
        const res = await call("GET", path, { token: owner.access });
        expect(res.status, `${path}: ${res.text}`).toBe(400);
        expect(Object.keys(res.body.error.details), path).toEqual(["project"]);
      }
    },
  );

  it("as a project or integration reference in a body are refused", async () => {
    const res = await call("POST", "/cron-monitors", {
      token: owner.access,
      body: {
        name: "x",
        schedule_kind: "period",
        period_seconds: 3600,
        project_id: 2 ** 31,
        integration_ids: [2 ** 40],
      },
    });
    expect(res.status, res.text).toBe(400);
    const service = await call("POST", "/services", {
      token: owner.access,
      body: { name: "x", type: "tcp", config: { host: "127.0.0.1", port: 9 }, project_id: 2 ** 31 },
    });
    expect(service.status, service.text).toBe(400);
  });
});
