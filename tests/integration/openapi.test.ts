import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { call } from "../support/http";

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
