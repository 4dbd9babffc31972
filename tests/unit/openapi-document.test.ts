import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../src/server/api/openapi";
import { appRouter } from "../../src/server/api/root";
import { restRoutes } from "../../src/server/api/http/routes";
import { NOTIFICATION_EVENTS } from "../../src/shared/integration-events";
import { INTEGRATION_KINDS } from "../../src/shared/notification-kinds";

const doc = openApiDocument("http://localhost:3000/api/v1") as any;

describe("the generated OpenAPI document", () => {
  it("validates as OpenAPI 3", async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
  });

  it("lists every REST procedure with its request and response schemas and contract statuses", () => {
    for (const route of restRoutes(appRouter)) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      const status = String(route.meta.successStatus ?? 200);
      expect(Object.keys(op.responses)).toContain(status);
      if (status !== "204") expect(op.responses[status].content["application/json"].schema).toBeDefined();
      if (["POST", "PUT", "PATCH"].includes(route.method) && op.requestBody) {
        expect(op.requestBody.content["application/json"].schema).toBeDefined();
      }
      const invalid = op.responses["400"].content["application/json"].schema;
      const refs: string[] = invalid.oneOf ? invalid.oneOf.map((s: { $ref: string }) => s.$ref) : [invalid.$ref];
      for (const ref of refs) expect(ref).toMatch(/^#\/components\/schemas\//);
      if (route.meta.scheduleErrors) expect(refs).toContain("#/components/schemas/ScheduleError");
    }
  });

  it("documents the endpoints that are not procedures: the ping forms and the plain-text run log", () => {
    for (const path of ["/ping/{token}", "/ping/{token}/{suffix}"]) {
      expect(Object.keys(doc.paths[path]).sort()).toEqual(["get", "head", "post"]);
      expect(Object.keys(doc.paths[path].get.responses).sort()).toEqual(["200", "400", "404", "429"]);
      expect(doc.paths[path].head.responses["204"]).toBeDefined();
    }
    const log = doc.paths["/cron-monitors/{id}/runs/{rid}/log"].get;
    expect(Object.keys(log.responses["200"].headers).sort()).toEqual([
      "Cache-Control",
      "Ping-Body-Limit",
      "X-Log-Bytes",
      "X-Log-Truncated",
    ]);
  });

  it("lets every kind's POST /integrations member take events and repeat_minutes beside its config", () => {
    const members = doc.paths["/integrations"].post.requestBody.content["application/json"].schema.oneOf as any[];
    expect(members.map((m) => m.properties.kind.enum[0])).toEqual([...INTEGRATION_KINDS]);
    const body = {
      name: "on-call",
      kind: "",
      config: {},
      is_default: false,
      events: ["incident.reminder"],
      repeat_minutes: 30,
    };
    for (const member of members) {
      const kind = member.properties.kind.enum[0];
      // additionalProperties: false refuses any field the member does not list.
      expect(member.additionalProperties, kind).toBe(false);
      for (const field of Object.keys(body))
        expect(Object.keys(member.properties), `${kind}: ${field}`).toContain(field);
      expect(member.properties.events.type, kind).toBe("array");
      expect(member.properties.events.items.enum, kind).toEqual([...NOTIFICATION_EVENTS]);
      const repeat = member.properties.repeat_minutes;
      const types = repeat.anyOf ? repeat.anyOf.map((s: { type: string }) => s.type) : [repeat.type].flat();
      expect(types.sort(), kind).toEqual(["integer", "null"]);
      expect(member.required, kind).not.toContain("events");
    }
  });

  it("matches the committed snapshot (contract changes show in diffs)", async () => {
    await expect(JSON.stringify(doc, null, 2) + "\n").toMatchFileSnapshot("./__snapshots__/openapi.json");
  });
});
