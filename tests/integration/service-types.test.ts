import { beforeAll, describe, expect, it } from "vitest";
import { call, expectStandardError, registerUser, type TestUser } from "../support/http";

let alice: TestUser;

beforeAll(async () => {
  alice = await registerUser("alice");
});

describe("service types", () => {
  it("lists the types", async () => {
    const res = await call("GET", "/service-types", { token: alice.access });
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: { type: string }) => t.type)).toEqual([
      "http",
      "tcp",
      "dns",
      "tls",
      "grpc",
      "ping",
      "browser",
    ]);
    for (const t of res.body.data) expect(Object.keys(t).sort()).toEqual(["description", "name", "type"]);
  });

  it("describes one type with its required fields and defaults", async () => {
    const http = await call("GET", "/service-types/http", { token: alice.access });
    expect(http.status).toBe(200);
    expect(http.body.data).toMatchObject({
      type: "http",
      required_fields: ["url"],
      defaults: { method: "GET", expected_status_code: 200, timeout: 10 },
    });
    const tcp = await call("GET", "/service-types/tcp", { token: alice.access });
    expect(tcp.body.data).toMatchObject({ type: "tcp", required_fields: ["host", "port"], defaults: { timeout: 10 } });
  });

  it("serves the JSON Schema of a type's config", async () => {
    const res = await call("GET", "/service-types/http/schema", { token: alice.access });
    expect(res.status).toBe(200);
    const schema = res.body.data;
    expect(schema.$schema).toMatch(/json-schema\.org/);
    expect(schema.type).toBe("object");
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties).sort()).toEqual([
      "accepted_status_codes",
      "assertions",
      "auth",
      "body",
      "certificate_warning_days",
      "content_type",
      "expected_status_code",
      "follow_redirects",
      "headers",
      "ignore_tls_errors",
      "keyword",
      "max_redirects",
      "method",
      "timeout",
      "url",
    ]);
    expect(schema.properties.method.enum).toContain("GET");
    expect(schema.required).toEqual(["url"]);
    const tcp = await call("GET", "/service-types/tcp/schema", { token: alice.access });
    expect(tcp.body.data.properties.port).toMatchObject({ type: "integer", minimum: 1, maximum: 65535 });
  });

  it("answers an unknown type with 404 and needs a token", async () => {
    expectStandardError(await call("GET", "/service-types/ftp", { token: alice.access }), 404, "NOT_FOUND");
    expectStandardError(await call("GET", "/service-types/ftp/schema", { token: alice.access }), 404, "NOT_FOUND");
    expectStandardError(await call("GET", "/service-types"), 401, "UNAUTHORIZED");
  });
});

describe("OpenAPI document", () => {
  it("documents the project and service routes, with the unassign body", async () => {
    const res = await call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    const paths = res.body.paths;
    for (const p of [
      "/projects",
      "/projects/reorder",
      "/projects/{id}",
      "/projects/{id}/services",
      "/projects/{id}/assign_services",
      "/projects/{id}/unassign_services",
      "/services",
      "/services/{id}",
      "/services/{id}/status",
      "/service-types",
      "/service-types/{type}",
      "/service-types/{type}/schema",
    ]) {
      expect(paths, p).toHaveProperty([p]);
    }
    expect(Object.keys(paths["/projects/reorder"]).sort()).toEqual(["post", "put"]);
    expect(paths["/projects"].post.responses["201"]).toBeDefined();
    expect(paths["/projects/{id}"].delete.responses["204"]).toBeDefined();
    expect(paths["/projects/{id}"].get.responses["404"].content["application/json"].schema.$ref).toMatch(
      /ProjectError$/,
    );
    const unassign = paths["/projects/{id}/unassign_services"].delete;
    expect(unassign.requestBody.content["application/json"].schema.properties.service_ids.type).toBe("array");
    expect(unassign.responses["400"].content["application/json"].schema.$ref).toMatch(/AssignmentError$/);
    expect(unassign.responses["404"].content["application/json"].schema.$ref).toMatch(/ProjectError$/);
  });
});
