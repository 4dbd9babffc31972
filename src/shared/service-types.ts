import { z } from "zod";
import { storable, text } from "./schemas/text";

/**
 * Service types and their configuration (spec 2.5, decisions 8). Each type's config is one zod
 * schema: it validates create and update, and its JSON Schema is served at
 * `/service-types/{type}/schema`. Timeouts are in seconds.
 */
const timeout = z.number().int().min(1, "Use at least 1 second").max(60, "Use at most 60 seconds").describe("Seconds");

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

const httpConfig = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: "Enter an http:// or https:// URL" })
    .max(2048, "Use at most 2048 characters")
    .check(storable)
    .describe("http:// or https:// URL to request"),
  method: z.enum(HTTP_METHODS).default("GET"),
  expected_status_code: z.number().int().min(100).max(599).default(200),
  timeout: timeout.default(10),
  keyword: text().min(1).max(1024).optional().describe("Text the response body must contain"),
});

/** A host name or an IP address (IPv6 without brackets). */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$|^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$/;

const tcpConfig = z.strictObject({
  host: text().max(253, "Use at most 253 characters").regex(HOST, "Enter a host name or an IP address"),
  port: z.number().int().min(1).max(65535),
  timeout: timeout.default(10),
});

export const SERVICE_TYPES = {
  http: {
    name: "HTTP(S)",
    description: "Requests a URL and checks the status code (and optionally a keyword)",
    config: httpConfig,
  },
  tcp: { name: "TCP port", description: "Opens a TCP connection to a host and port", config: tcpConfig },
} as const;

export type ServiceType = keyof typeof SERVICE_TYPES;
export const SERVICE_TYPE_NAMES = Object.keys(SERVICE_TYPES) as [ServiceType, ...ServiceType[]];

export function isServiceType(type: string): type is ServiceType {
  return Object.hasOwn(SERVICE_TYPES, type);
}

/** The JSON Schema (draft 2020-12) of what a client sends as `config`: defaulted fields are optional. */
export function configJsonSchema(type: ServiceType): Record<string, unknown> {
  return z.toJSONSchema(SERVICE_TYPES[type].config, { io: "input" }) as Record<string, unknown>;
}

export type ConfigCheck =
  { ok: true; config: Record<string, unknown> } | { ok: false; details: Record<string, string[]> };

/** Validates a config for its type, applying defaults; problems are keyed by config field (`url`). */
export function checkConfig(type: ServiceType, config: unknown): ConfigCheck {
  const parsed = SERVICE_TYPES[type].config.safeParse(config);
  if (parsed.success) return { ok: true, config: parsed.data };
  const details: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join(".") || "config";
    (details[key] ??= []).push(issue.message);
  }
  return { ok: false, details };
}
