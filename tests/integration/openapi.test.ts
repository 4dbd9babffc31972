import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { clientTypes } from "../../src/client/generate";
import { lifelineClient } from "../../src/client";
import { baseUrl, call, registerUser } from "../support/http";

describe("the served OpenAPI document", () => {
  it("is served at /api/v1/openapi.json, validates as OpenAPI 3 and lists the ping-free REST routes", async () => {
    const res = await call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    const result = await new Validator().validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(["/auth/login", "/auth/register", "/orgs/{slug}/service-tokens", "/openapi.json"]),
    );
  });

  it("is rendered for people at /docs", async () => {
    const page = await call("GET", `${(await import("../support/http")).baseUrl()}/docs`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("swagger-ui");
    const bundle = await fetch(`${(await import("../support/http")).baseUrl()}/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
  });
});

describe("the typed client (src/client)", () => {
  const committed = () => readFileSync(new URL("../../src/client/api-types.ts", import.meta.url), "utf8");

  it("matches the live OpenAPI document: its types regenerate byte for byte (run `npm run client:generate` after an API change)", async () => {
    const live = (await call("GET", "/openapi.json")).body;
    expect(await clientTypes(live)).toBe(committed());
  });

  it("has a typed method for every operation of the live document", async () => {
    const live = (await call("GET", "/openapi.json")).body as { paths: Record<string, Record<string, any>> };
    const types = committed();
    const missing: string[] = [];
    for (const [path, item] of Object.entries(live.paths)) {
      const block = types.slice(types.indexOf(`\n    ${JSON.stringify(path)}: {`));
      const end = block.indexOf("\n    };");
      for (const [method, op] of Object.entries(item)) {
        const line = `        ${method}: operations[${JSON.stringify(op.operationId)}];`;
        if (!block.slice(0, end).includes(line)) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(live.paths).length).toBeGreaterThan(50);
  });

  it("breaks when a procedure's output field is renamed: the regenerated types differ", async () => {
    const live = (await call("GET", "/openapi.json")).body;
    // One operation is enough to show it (and cheaper than the whole document).
    const one = { ...live, paths: { "/cron-monitors/{id}": { get: live.paths["/cron-monitors/{id}"].get } } };
    const types = await clientTypes(one);
    const renamed = await clientTypes(JSON.parse(JSON.stringify(one).replaceAll('"ping_url"', '"ping_link"')));
    expect(types).toContain("ping_url: string;");
    expect(committed()).toContain(
      types.slice(
        types.indexOf('    "cronMonitors-get": {'),
        types.indexOf("\n}\n", types.indexOf('    "cronMonitors-get": {')),
      ),
    );
    expect(renamed).not.toContain("ping_url: string;");
    expect(renamed).toContain("ping_link: string;");
  });

  it("talks to the server with a service token: create, read and delete a cron monitor, typed", async () => {
    const user = await registerUser("typed-client");
    const issued = await call("POST", `/orgs/${user.orgSlug}/service-tokens`, {
      token: user.access,
      body: { name: "client", capabilities: ["cronmonitor.view", "cronmonitor.create", "cronmonitor.delete"] },
    });
    expect(issued.status).toBe(201);
    const api = lifelineClient({ url: baseUrl(), token: issued.body.data.token });
    const created = await api.POST("/cron-monitors", {
      body: { name: "nightly", schedule_kind: "period", period_seconds: 3600 },
    });
    expect(created.response.status).toBe(201);
    const id = created.data!.data.id;
    const read = await api.GET("/cron-monitors/{id}", { params: { path: { id } } });
    expect(read.data!.data.ping_url).toBe(created.data!.data.ping_url);
    const refused = await api.PATCH("/cron-monitors/{id}", { params: { path: { id } }, body: { paused: true } });
    expect(refused.response.status).toBe(403);
    expect((await api.DELETE("/cron-monitors/{id}", { params: { path: { id } } })).response.status).toBe(204);
  });

  it("trades a user's refresh token for access tokens", async () => {
    const user = await registerUser("typed-refresh");
    const api = lifelineClient({ url: baseUrl(), refreshToken: user.refresh });
    const me = await api.GET("/auth/me");
    expect(me.data!.data.email).toBe(user.email);
  });
});
