import { z } from "zod";
import type { OpenAPIObject } from "trpc-to-openapi";
import { NOTIFICATION_KINDS } from "../../shared/notification-kinds";

type Schema = { type?: string; properties?: Record<string, unknown>; required?: string[]; [k: string]: unknown };

/**
 * `POST /integrations` as the discriminated union it is: one member per kind (discriminator `kind`),
 * each with its own `config` (the generator only sees the common object the router parses; the
 * service validates `config` per kind with the same schemas, from src/shared/notification-kinds/).
 */
export function documentIntegrationKinds(doc: OpenAPIObject): void {
  const body = doc.paths?.["/integrations"]?.post?.requestBody as
    { content?: Record<string, { schema?: Schema }> } | undefined;
  const media = body?.content?.["application/json"];
  const common = media?.schema;
  if (!media || !common?.properties) return;
  const { kind: _k, config: _c, ...rest } = common.properties;
  // Every kind takes the common fields (name, is_default, events, repeat_minutes...); only webhook,
  // slack and email also take their settings top-level.
  const { url: _u, email: _e, secret: _s, ...shared } = rest;
  const members = NOTIFICATION_KINDS.map(({ kind, config: schema, columns }) => {
    const legacy = Boolean(columns);
    const config = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Schema;
    delete config.$schema;
    return {
      type: "object",
      title: kind,
      properties: {
        ...(legacy ? rest : shared),
        kind: { type: "string", enum: [kind] },
        config,
      },
      required: ["name", "kind", ...(legacy ? [] : ["config"])],
      additionalProperties: false,
    };
  });
  media.schema = { oneOf: members, discriminator: { propertyName: "kind" } };
}
