import { beforeAll, describe, expect, it } from "vitest";
import { TEXT_RULE_MESSAGE } from "../../src/shared/schemas/text";
import { dashboardCookie, trpcMutation, trpcQuery } from "../support/dashboard";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { createMonitor, ping, uuid } from "../support/monitors";
import { EXOTIC } from "../support/text";

// The one rule for text (docs/architecture.md, "Errors"): names with a NUL or an unpaired surrogate
// are refused on both faces with 400 VALIDATION_ERROR keyed by the field, and nothing is stored;
// exotic but valid text round-trips byte for byte; run logs keep what they can, the same on both engines.

const HOSTILE = { "a lone surrogate": "a\ud800b", "a NUL": "ok\u0000" };

const CREATES: {
  what: string;
  rest: string;
  trpc: string;
  body: (name: string) => Record<string, unknown>;
  list: string;
}[] = [
  { what: "an organization", rest: "/orgs", trpc: "orgs.create", body: (name) => ({ name }), list: "/orgs" },
  { what: "a project", rest: "/projects", trpc: "projects.create", body: (name) => ({ name }), list: "/projects" },
  {
    what: "a service",
    rest: "/services",
    trpc: "services.create",
    body: (name) => ({ name, type: "http", config: { url: "http://127.0.0.1:9/" } }),
    list: "/services?limit=100",
  },
  {
    what: "a cron monitor",
    rest: "/cron-monitors",
    trpc: "cronMonitors.create",
    body: (name) => ({ name, schedule_kind: "period", period_seconds: 3600 }),
    list: "/cron-monitors?limit=100",
  },
];

let owner: TestUser;
let cookie: string;
const base = () => baseUrl();
const listed = async (path: string) => {
  const res = await call("GET", path, { token: owner.access });
  return Array.isArray(res.body) ? res.body : res.body.data;
};

beforeAll(async () => {
  owner = await registerUser("text");
  cookie = await dashboardCookie(base(), owner.email, owner.password);
});

describe.each(Object.entries(HOSTILE))("a name with %s", (_label, name) => {
  it.each(CREATES)(
    "is refused for $what on REST with 400 keyed by name, and nothing is stored",
    async ({ rest, body, list }) => {
      const before = (await listed(list)).length;
      const res = await call("POST", rest, { token: owner.access, body: body(name) });
      expect(res.status).toBe(400);
      if (rest === "/projects") expect(res.body.error.details).toEqual({ name: [TEXT_RULE_MESSAGE] });
      else {
        expectStandardError(res, 400, "VALIDATION_ERROR");
        expect(res.body.error.details).toEqual({ name: [TEXT_RULE_MESSAGE] });
      }
      expect((await listed(list)).length).toBe(before);
    },
  );

  it.each(CREATES)(
    "is refused for $what on tRPC with 400 keyed by name, and nothing is stored",
    async ({ trpc, body, list }) => {
      const before = (await listed(list)).length;
      const res = await trpcMutation(base(), trpc, body(name), { cookie });
      expect(res.status).toBe(400);
      expect(res.body.error.data).toMatchObject({
        httpStatus: 400,
        appCode: "VALIDATION_ERROR",
        details: { name: [TEXT_RULE_MESSAGE] },
      });
      expect((await listed(list)).length).toBe(before);
    },
  );

  it("is refused in an update on both faces, and the stored name stays", async () => {
    const monitor = await createMonitor(owner, { name: "stays" });
    const rest = await call("PATCH", `/cron-monitors/${monitor.id}`, { token: owner.access, body: { name } });
    expectStandardError(rest, 400, "VALIDATION_ERROR");
    expect(rest.body.error.details).toEqual({ name: [TEXT_RULE_MESSAGE] });
    const trpc = await trpcMutation(base(), "cronMonitors.update", { id: monitor.id, name }, { cookie });
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.data.details).toEqual({ name: [TEXT_RULE_MESSAGE] });
    expect((await call("GET", `/cron-monitors/${monitor.id}`, { token: owner.access })).body.data.name).toBe("stays");
  });

  it("is refused in a query parameter and in a sign-in's email, never a 5xx", async () => {
    // A URL cannot carry an unpaired surrogate (its UTF-8 form decodes to U+FFFD); tRPC's JSON input can.
    if (name.includes("\u0000")) {
      const query = await call("GET", `/services?project=${encodeURIComponent(name)}`, { token: owner.access });
      expectStandardError(query, 400, "VALIDATION_ERROR");
      expect(query.body.error.details.project).toContain(TEXT_RULE_MESSAGE);
    }
    const dashboard = await trpcQuery(base(), "services.list", { project: name }, { cookie });
    expect(dashboard.status).toBe(400);
    expect(dashboard.body.error.data.details.project).toContain(TEXT_RULE_MESSAGE);
    const login = await call("POST", "/auth/login", {
      body: { email: `x${name}@example.test`, password: "whatever123" },
    });
    expectStandardError(login, 400, "VALIDATION_ERROR");
    expect(login.body.error.details).toEqual({ email: [TEXT_RULE_MESSAGE] });
  });
});

describe("exotic text that is allowed", () => {
  it("round-trips byte for byte through create, read, list and the dashboard, for every kind of row", async () => {
    const org = await call("POST", "/orgs", { token: owner.access, body: { name: EXOTIC } });
    expect(org.status).toBe(201);
    expect(org.body.data.name).toBe(EXOTIC);
    expect((await listed("/orgs")).find((o: any) => o.slug === org.body.data.slug).name).toBe(EXOTIC);
    const dashOrgs = await trpcQuery(base(), "orgs.list", undefined, { cookie });
    expect(dashOrgs.body.result.data.data.find((o: any) => o.slug === org.body.data.slug).name).toBe(EXOTIC);

    const project = await call("POST", "/projects", {
      token: owner.access,
      body: { name: EXOTIC, description: `${EXOTIC}\n\t${EXOTIC}`, icon: "📦" },
    });
    expect(project.status).toBe(201);
    const service = await call("POST", "/services", {
      token: owner.access,
      body: { name: EXOTIC, type: "http", config: { url: "http://127.0.0.1:9/", keyword: EXOTIC } },
    });
    expect(service.status).toBe(201);
    const monitor = await createMonitor(owner, { name: EXOTIC, icon: "👩‍👩‍👧" });

    const rows = [
      {
        read: `/projects/${project.body.data.id}`,
        list: "/projects",
        trpcGet: "projects.get",
        trpcList: "projects.list",
        id: project.body.data.id,
        fields: { name: EXOTIC, description: `${EXOTIC}\n\t${EXOTIC}`, icon: "📦" },
      },
      {
        read: `/services/${service.body.data.id}`,
        list: "/services?limit=100",
        trpcGet: "services.get",
        trpcList: "services.list",
        id: service.body.data.id,
        fields: { name: EXOTIC, config: { url: "http://127.0.0.1:9/", keyword: EXOTIC } },
      },
      {
        read: `/cron-monitors/${monitor.id}`,
        list: "/cron-monitors?limit=100",
        trpcGet: "cronMonitors.get",
        trpcList: "cronMonitors.list",
        id: monitor.id,
        fields: { name: EXOTIC, icon: "👩‍👩‍👧" },
      },
    ];
    for (const row of rows) {
      const read = await call("GET", row.read, { token: owner.access });
      const raw = await fetch(`${base()}/api/v1${row.read}`, { headers: { authorization: `Bearer ${owner.access}` } });
      expect(
        Buffer.from(await raw.arrayBuffer()).includes(Buffer.from(JSON.stringify(EXOTIC).slice(1, -1), "utf8")),
        row.read,
      ).toBe(true);
      expect(read.body.data, row.read).toMatchObject(row.fields);
      expect(
        (await listed(row.list)).find((r: any) => r.id === row.id),
        row.list,
      ).toMatchObject(row.fields);
      const dashGet = await trpcQuery(base(), row.trpcGet, { id: row.id }, { cookie });
      expect(dashGet.body.result.data.data, row.trpcGet).toMatchObject(row.fields);
      const dashList = await trpcQuery(
        base(),
        row.trpcList,
        row.trpcList === "projects.list" ? undefined : { limit: 100 },
        { cookie },
      );
      const items = Array.isArray(dashList.body.result.data)
        ? dashList.body.result.data
        : dashList.body.result.data.data;
      expect(
        items.find((r: any) => r.id === row.id),
        row.trpcList,
      ).toMatchObject(row.fields);
    }
    // The dashboard's pages render their first screen on the server: the text is in the HTML as stored.
    for (const page of [`/monitors/${monitor.id}`, `/services/${service.body.data.id}`, "/monitors", "/projects"]) {
      const html = await fetch(`${base()}${page}`, { headers: { cookie } });
      expect(html.status, page).toBe(200);
      expect(Buffer.from(await html.arrayBuffer()).includes(Buffer.from(EXOTIC, "utf8")), page).toBe(true);
    }
  });
});

describe("run logs keep what they can", () => {
  it("store a ping body's NUL and invalid UTF-8 as U+FFFD, the same on both engines", async () => {
    const monitor = await createMonitor(owner);
    const rid = uuid();
    const body = Buffer.concat([
      Buffer.from(`${EXOTIC} a`),
      Buffer.from([0x00]),
      Buffer.from("b"),
      Buffer.from([0xff]),
      Buffer.from("c\u001b[0m"),
    ]);
    const res = await fetch(`${base()}/ping/${monitor.ping_token}?rid=${rid}`, { method: "POST", body });
    expect(res.status).toBe(200);
    const log = await call("GET", `/cron-monitors/${monitor.id}/runs/${rid}/log`, { token: owner.access });
    expect(log.status).toBe(200);
    expect(log.text).toBe(`${EXOTIC} a\uFFFDb\uFFFDc\u001b[0m`);
    const run = await call("GET", `/cron-monitors/${monitor.id}/runs/${rid}`, { token: owner.access });
    expect(run.body.data.log_bytes).toBe(Buffer.byteLength(log.text));
  });

  it("store a reported log's NUL and unpaired surrogate as U+FFFD, and a /log note's NUL too", async () => {
    const monitor = await createMonitor(owner);
    const rid = uuid();
    const reported = await call("POST", `/cron-monitors/${monitor.id}/events`, {
      token: owner.access,
      body: { event: "start", rid, log: "x\u0000y\ud800z" },
    });
    expect(reported.status).toBeLessThan(300);
    expect((await ping(monitor.ping_token, "/log", { rid, body: "note\u0000!" })).status).toBe(200);
    const log = await call("GET", `/cron-monitors/${monitor.id}/runs/${rid}/log`, { token: owner.access });
    expect(log.text).toBe("note\uFFFD!\nx\uFFFDy\uFFFDz");
  });
});
