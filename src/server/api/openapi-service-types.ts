import { z } from "zod";
import type { OpenAPIObject } from "trpc-to-openapi";
import { SERVICE_TYPES, SERVICE_TYPE_NAMES } from "../../shared/service-types";

type Schema = { type?: string; properties?: Record<string, unknown>; required?: string[]; [k: string]: unknown };

/**
 * `POST /services` and `PUT /services/{id}` as the discriminated unions they are: one member per
 * check type (discriminator `type`), each with its own `config` (the router parses a common object;
 * the service validates `config` with the same schemas, src/shared/service-types.ts). PATCH keeps
 * the open `config` (merged over the stored one, then validated as a whole).
 */
export function documentServiceTypes(doc: OpenAPIObject): void {
  for (const [path, method] of [
    ["/services", "post"],
    ["/services/{id}", "put"],
  ] as const) {
    const body = (doc.paths?.[path] as Record<string, { requestBody?: unknown }> | undefined)?.[method]?.requestBody as
      { content?: Record<string, { schema?: Schema }> } | undefined;
    const media = body?.content?.["application/json"];
    const common = media?.schema;
    if (!media || !common?.properties) continue;
    const { type: _t, config: _c, ...rest } = common.properties;
    const members = SERVICE_TYPE_NAMES.map((type) => {
      const config = z.toJSONSchema(SERVICE_TYPES[type].config, { io: "input", unrepresentable: "any" }) as Schema;
      delete config.$schema;
      return {
        type: "object",
        title: type,
        description: SERVICE_TYPES[type].description,
        properties: { ...rest, type: { type: "string", enum: [type] }, config },
        required: common.required ?? ["name", "type", "config"],
        additionalProperties: false,
      };
    });
    media.schema = { oneOf: members, discriminator: { propertyName: "type" } };
  }
}
