import { beforeAll, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { call, registerUser, serviceToken, type TestUser } from "../support/http";
import { expectProjectError, newProject, newService } from "../support/projects";

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser("alice"), registerUser("bob")]);
});

describe("project create", () => {
  it("answers 201 with the defaults and service_count 0", async () => {
    const res = await call("POST", "/projects", { token: alice.access, body: { name: "  Website  " } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(["data"]);
    const p = res.body.data;
    expect(Object.keys(p).sort()).toEqual(
      ["color", "date_created", "date_modified", "description", "icon", "id", "name", "order", "service_count"].sort(),
    );
    expect(p).toMatchObject({
      name: "Website",
      description: "",
      color: "#3B82F6",
      icon: "",
      order: 0,
      service_count: 0,
    });
    expect(p.id).toBeTypeOf("number");
    expect(p.date_created).toMatch(TIMESTAMP);
    expect(p.date_modified).toMatch(TIMESTAMP);
  });

  it("stores every field given and normalizes the colour to uppercase", async () => {
    const res = await call("POST", "/projects", {
      token: alice.access,
      body: { name: "Payments", description: "The money path", color: "#a1b2c3", icon: "credit-card", order: 7 },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: "Payments",
      description: "The money path",
      color: "#A1B2C3",
      icon: "credit-card",
      order: 7,
    });
    const row = (await testDb().one<{ color: string }>("SELECT color FROM projects WHERE id = ?", [res.body.data.id]))!;
    expect(row.color).toBe("#A1B2C3");
  });

  it.each(["#abc", "red", "#GGGGGG", "3B82F6", "#3B82F6FF", ""])(
    "refuses the colour %j with details keyed color",
    async (color) => {
      const res = await call("POST", "/projects", { token: alice.access, body: { name: `Colour ${color}`, color } });
      expectProjectError(res, 400, ["color"]);
    },
  );

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["whitespace only", "   \t "],
    ["129 characters", "n".repeat(129)],
    ["not a string", 42],
  ])("refuses a name that is %s with details keyed name", async (_label, name) => {
    const res = await call("POST", "/projects", { token: alice.access, body: name === undefined ? {} : { name } });
    expectProjectError(res, 400, ["name"]);
  });

  it("accepts the longest name, description and icon", async () => {
    const body = { name: "x".repeat(128), description: "d".repeat(500), icon: "i".repeat(64) };
    const res = await call("POST", "/projects", { token: alice.access, body });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject(body);
  });

  it("refuses a description over 500 and an icon over 64 characters, keyed by field", async () => {
    expectProjectError(
      await call("POST", "/projects", { token: alice.access, body: { name: "Long d", description: "d".repeat(501) } }),
      400,
      ["description"],
    );
    expectProjectError(
      await call("POST", "/projects", { token: alice.access, body: { name: "Long i", icon: "i".repeat(65) } }),
      400,
      ["icon"],
    );
  });

  it("refuses a name the user already has, compared case-insensitively, keyed name", async () => {
    await newProject(alice, { name: "Mobile App" });
    const res = await call("POST", "/projects", { token: alice.access, body: { name: "mobile app" } });
    expectProjectError(res, 400, ["name"]);
    const again = await call("POST", "/projects", { token: alice.access, body: { name: " MOBILE APP " } });
    expectProjectError(again, 400, ["name"]);
  });

  it("lets another user use the same name", async () => {
    await newProject(alice, { name: "Shared Name" });
    const res = await call("POST", "/projects", { token: bob.access, body: { name: "Shared Name" } });
    expect(res.status).toBe(201);
  });

  it("answers malformed JSON in the reduced form", async () => {
    const res = await call("POST", "/projects", {
      token: alice.access,
      rawBody: "{nope",
      headers: { "content-type": "application/json" },
    });
    expectProjectError(res, 400);
  });
});

describe("project authentication", () => {
  it("answers 401 in the reduced form without a token", async () => {
    expectProjectError(await call("GET", "/projects"), 401);
    expectProjectError(await call("POST", "/projects", { body: { name: "x" } }), 401);
  });

  it("refuses an organization service token (projects need a user's JWT)", async () => {
    const token = await serviceToken(alice, ["cronmonitor.view"]);
    expectProjectError(await call("GET", "/projects", { token }), 403);
  });
});

describe("project list", () => {
  it("orders by order, then name, without pagination meta", async () => {
    const carol = await registerUser("carol");
    for (const [name, order] of [
      ["beta", 2],
      ["Alpha", 2],
      ["zeta", 1],
      ["gamma", 0],
      ["Delta", 0],
    ] as const) {
      await newProject(carol, { name, order });
    }
    const res = await call("GET", "/projects", { token: carol.access });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["data"]);
    expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(["Delta", "gamma", "zeta", "Alpha", "beta"]);
  });

  it("gives each project as its own read does, with the number of its services", async () => {
    const erin = await registerUser("erin");
    const busy = await newProject(erin, { name: "Busy", description: "two services", color: "#112233", icon: "globe" });
    const idle = await newProject(erin, { name: "Idle", order: 1 });
    await newService(erin, { project_id: busy.id });
    await newService(erin, { project_id: busy.id });
    await newService(erin);
    const list = await call("GET", "/projects", { token: erin.access });
    expect(list.status).toBe(200);
    const reads = await Promise.all(
      [busy, idle].map(async (p) => (await call("GET", `/projects/${p.id}`, { token: erin.access })).body.data),
    );
    expect(list.body.data).toEqual(reads);
    expect(list.body.data.map((p: { service_count: number }) => p.service_count)).toEqual([2, 0]);
    expect(list.body.data[0].date_created).toMatch(TIMESTAMP);
  });

  it("shows only the caller's projects", async () => {
    const dave = await registerUser("dave");
    await newProject(dave, { name: "Dave's" });
    const res = await call("GET", "/projects", { token: dave.access });
    expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(["Dave's"]);
  });
});

describe("project read, replace, patch, delete", () => {
  it("reads a project; an unknown id is 404 {error:{message}}", async () => {
    const p = await newProject(alice, { name: "Readable" });
    const res = await call("GET", `/projects/${p.id}`, { token: alice.access });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: p.id, name: "Readable", service_count: 0 });
    expectProjectError(await call("GET", "/projects/99999999", { token: alice.access }), 404);
  });

  it("answers a non-numeric id in the reduced form", async () => {
    expectProjectError(await call("GET", "/projects/abc", { token: alice.access }), 400, ["id"]);
  });

  it("PUT replaces every field", async () => {
    const p = await newProject(alice, {
      name: "Before PUT",
      description: "old",
      icon: "old",
      order: 3,
      color: "#000000",
    });
    const body = { name: "After PUT", description: "new", color: "#ff00aa", icon: "rocket", order: -2 };
    const res = await call("PUT", `/projects/${p.id}`, { token: alice.access, body });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...body, color: "#FF00AA", service_count: 0 });
    const read = await call("GET", `/projects/${p.id}`, { token: alice.access });
    expect(read.body.data).toMatchObject({ ...body, color: "#FF00AA" });
  });

  it.each(["name", "description", "color", "icon", "order"])(
    "PUT without %s is 400 keyed by that field",
    async (field) => {
      const p = await newProject(alice);
      const body: Record<string, unknown> = {
        name: `PUT missing ${field}`,
        description: "",
        color: "#123456",
        icon: "",
        order: 1,
      };
      delete body[field];
      const res = await call("PUT", `/projects/${p.id}`, { token: alice.access, body });
      expectProjectError(res, 400, [field]);
      const read = await call("GET", `/projects/${p.id}`, { token: alice.access });
      expect(read.body.data.name).toBe(p.name);
    },
  );

  it("PUT may keep its own name in another case, but not take another project's name", async () => {
    await newProject(alice, { name: "Taken By Other" });
    const p = await newProject(alice, { name: "Own Name" });
    const full = { description: "", color: "#123456", icon: "", order: 0 };
    const own = await call("PUT", `/projects/${p.id}`, { token: alice.access, body: { ...full, name: "OWN NAME" } });
    expect(own.status).toBe(200);
    expect(own.body.data.name).toBe("OWN NAME");
    const clash = await call("PUT", `/projects/${p.id}`, {
      token: alice.access,
      body: { ...full, name: "taken by other" },
    });
    expectProjectError(clash, 400, ["name"]);
  });

  it("PATCH changes only the fields given", async () => {
    const p = await newProject(alice, { name: "Patchable", description: "keep", icon: "keep", order: 4 });
    const res = await call("PATCH", `/projects/${p.id}`, { token: alice.access, body: { color: "#abcdef" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: "Patchable",
      description: "keep",
      icon: "keep",
      order: 4,
      color: "#ABCDEF",
    });
    expect(res.body.data.date_modified >= res.body.data.date_created).toBe(true);
    const renamed = await call("PATCH", `/projects/${p.id}`, {
      token: alice.access,
      body: { name: "Patched", order: 9 },
    });
    expect(renamed.body.data).toMatchObject({ name: "Patched", order: 9, color: "#ABCDEF", description: "keep" });
  });

  it("PATCH refuses a bad colour, a blank name and a duplicate name, keyed by field", async () => {
    await newProject(alice, { name: "Occupied" });
    const p = await newProject(alice, { name: "Patch errors" });
    expectProjectError(
      await call("PATCH", `/projects/${p.id}`, { token: alice.access, body: { color: "blue" } }),
      400,
      ["color"],
    );
    expectProjectError(await call("PATCH", `/projects/${p.id}`, { token: alice.access, body: { name: "  " } }), 400, [
      "name",
    ]);
    expectProjectError(
      await call("PATCH", `/projects/${p.id}`, { token: alice.access, body: { name: "OCCUPIED" } }),
      400,
      ["name"],
    );
    expectProjectError(await call("PATCH", "/projects/99999999", { token: alice.access, body: { name: "x" } }), 404);
  });

  it("DELETE answers 204 with no body; the project is gone", async () => {
    const p = await newProject(alice, { name: "Doomed" });
    const res = await call("DELETE", `/projects/${p.id}`, { token: alice.access });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expectProjectError(await call("GET", `/projects/${p.id}`, { token: alice.access }), 404);
    expectProjectError(await call("DELETE", `/projects/${p.id}`, { token: alice.access }), 404);
    const row = (await testDb().one<{ n: number }>("SELECT COUNT(*) AS n FROM projects WHERE id = ?", [p.id]))!;
    expect(row.n).toBe(0);
  });
});

describe("project reorder", () => {
  it.each(["PUT", "POST"])("%s /projects/reorder sets the order of listed owned projects only", async (method) => {
    const erin = await registerUser("erin");
    const a = await newProject(erin, { name: "A", order: 0 });
    const b = await newProject(erin, { name: "B", order: 1 });
    const c = await newProject(erin, { name: "C", order: 2 });
    const foreign = await newProject(bob, { name: `Bob reorder ${method}`, order: 5 });
    const res = await call(method, "/projects/reorder", {
      token: erin.access,
      body: {
        projects: [
          { id: c.id, order: -1 },
          { id: a.id, order: 10 },
          { id: foreign.id, order: 99 },
          { id: 99999999, order: 1 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["message"]);
    expect(res.body.message).toMatch(/2/);
    const list = await call("GET", "/projects", { token: erin.access });
    expect(list.body.data.map((p: { name: string; order: number }) => [p.name, p.order])).toEqual([
      ["C", -1],
      ["B", 1],
      ["A", 10],
    ]);
    const untouched = await call("GET", `/projects/${foreign.id}`, { token: bob.access });
    expect(untouched.body.data.order).toBe(5);
    expect(b.order).toBe(1);
  });

  it("refuses a malformed reorder body in the reduced form", async () => {
    expectProjectError(await call("PUT", "/projects/reorder", { token: alice.access, body: {} }), 400, ["projects"]);
    const bad = await call("POST", "/projects/reorder", {
      token: alice.access,
      body: { projects: [{ id: 1, order: "first" }] },
    });
    expectProjectError(bad, 400, ["projects.0.order"]);
  });
});

describe("project isolation between users", () => {
  it("user B gets 404 on user A's project and changes nothing", async () => {
    const p = await newProject(alice, { name: "Alice private", order: 3 });
    const full = { name: "Hijacked", description: "", color: "#000000", icon: "", order: 0 };
    expectProjectError(await call("GET", `/projects/${p.id}`, { token: bob.access }), 404);
    expectProjectError(await call("PUT", `/projects/${p.id}`, { token: bob.access, body: full }), 404);
    expectProjectError(
      await call("PATCH", `/projects/${p.id}`, { token: bob.access, body: { name: "Hijacked" } }),
      404,
    );
    expectProjectError(await call("DELETE", `/projects/${p.id}`, { token: bob.access }), 404);
    expectProjectError(await call("GET", `/projects/${p.id}/services`, { token: bob.access }), 404);
    const list = await call("GET", "/projects", { token: bob.access });
    expect(list.body.data.some((q: { id: number }) => q.id === p.id)).toBe(false);
    const row = (await testDb().one<{ name: string; ord: number }>(
      'SELECT name, "order" AS ord FROM projects WHERE id = ?',
      [p.id],
    ))!;
    expect(row).toEqual({ name: "Alice private", ord: 3 });
  });
});
