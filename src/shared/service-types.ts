import { z } from "zod";
import { storable, text } from "./schemas/text";
import { assertionsOf } from "./assertions";
import { DNS_RECORD_TYPES, HTTP_METHODS } from "./vocabulary";

export { DNS_RECORD_TYPES, HTTP_METHODS };

/**
 * Service types and their configuration (spec 2.5, decisions 8). Each type's config is one zod
 * schema: it validates create and update, and its JSON Schema is served at
 * `/service-types/{type}/schema`. Timeouts are in seconds.
 */
const certificateWarningDays = z
  .number()
  .int()
  .min(0)
  .max(365)
  .describe("Degraded when the certificate expires in fewer days than this (default 14)");

const timeout = z.number().int().min(1, "Use at least 1 second").max(60, "Use at most 60 seconds").describe("Seconds");

/** A header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** One accepted status code (`204`) or a range (`200-299`). */
const STATUS_SPEC = /^([1-5][0-9]{2})(?:-([1-5][0-9]{2}))?$/;

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
  ...httpRequestFields(),
  assertions: assertionsOf("http").optional(),
});

/** The http type's request and judgement fields beyond the first five (docs/api-checks.md); each optional, none costs a check that leaves it out. */
function httpRequestFields() {
  const headerValue = text()
    .max(4096)
    .regex(/^[^\r\n]*$/, "Use one line");
  return {
    headers: z
      .record(text().max(256).regex(HEADER_NAME, "Enter a header name"), headerValue)
      .refine((h) => Object.keys(h).length <= 30, "Use at most 30 headers")
      .optional()
      .describe("Request headers"),
    body: text().max(65_536, "Use at most 65536 characters").optional().describe("Request body"),
    content_type: text()
      .max(256)
      .regex(/^[^\r\n]*$/, "Use one line")
      .optional()
      .describe("Content-Type of the body"),
    auth: z
      .discriminatedUnion("type", [
        z.strictObject({
          type: z.literal("basic"),
          username: text()
            .max(256)
            .regex(/^[^:]*$/, "A user name cannot contain a colon"),
          password: text().max(1024).describe("Write-only: answers show it masked"),
        }),
        z.strictObject({
          type: z.literal("bearer"),
          token: text()
            .min(1)
            .max(4096)
            .regex(/^[^\r\n]*$/, "Use one line")
            .describe("Write-only: answers show it masked"),
        }),
      ])
      .optional()
      .describe("Basic or bearer authentication; the credentials are secrets"),
    follow_redirects: z.boolean().optional().describe("Follow redirects (default true)"),
    max_redirects: z.number().int().min(0).max(10).optional().describe("Redirects followed at most (default 5)"),
    accepted_status_codes: z
      .array(
        text()
          .regex(STATUS_SPEC, "Enter a status code (200) or a range (200-299)")
          .refine((spec) => {
            const m = STATUS_SPEC.exec(spec);
            return !m?.[2] || Number(m[2]) >= Number(m[1]);
          }, "A range ends at or after its start"),
      )
      .min(1)
      .max(20)
      .optional()
      .describe("Status codes accepted, each a code or a range; replaces expected_status_code"),
    ignore_tls_errors: z
      .boolean()
      .optional()
      .describe("Accept an invalid certificate (default false); days left still count"),
    certificate_warning_days: certificateWarningDays.optional(),
  };
}

/** A host name or an IP address (IPv6 without brackets). */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$|^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$/;

const tcpConfig = z.strictObject({
  host: text().max(253, "Use at most 253 characters").regex(HOST, "Enter a host name or an IP address"),
  port: z.number().int().min(1).max(65535),
  timeout: timeout.default(10),
  assertions: assertionsOf("tcp").optional(),
});

/** `host:port`, `host` or `[v6]:port`. */
const RESOLVER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::([0-9]{1,5}))?$/;

const dnsConfig = z.strictObject({
  name: text().min(1).max(253, "Use at most 253 characters").regex(HOST, "Enter a domain name"),
  record_type: z.enum(DNS_RECORD_TYPES).default("A"),
  resolver: text()
    .max(260)
    .regex(RESOLVER, "Enter host:port, host, or [IPv6]:port")
    .refine(
      (r) => Number(RESOLVER.exec(r)?.[1] ?? 53) <= 65535 && Number(RESOLVER.exec(r)?.[1] ?? 53) >= 1,
      "Use a port from 1 to 65535",
    )
    .optional()
    .describe("DNS server to ask (host:port); the probe's own servers when left out"),
  timeout: timeout.default(10),
  assertions: assertionsOf("dns").optional(),
});

const tlsConfig = z.strictObject({
  host: text().max(253, "Use at most 253 characters").regex(HOST, "Enter a host name or an IP address"),
  port: z.number().int().min(1).max(65535).default(443),
  sni: text().max(253).regex(HOST, "Enter a host name").optional().describe("Server name sent (default: the host)"),
  timeout: timeout.default(10),
  certificate_warning_days: certificateWarningDays.optional(),
  ignore_tls_errors: z
    .boolean()
    .optional()
    .describe("Accept an invalid certificate (default false); days left still count"),
  assertions: assertionsOf("tls").optional(),
});

/** A gRPC service's full name (`package.Service`); empty: the whole server. */
const GRPC_SERVICE = /^(?:[A-Za-z_][A-Za-z0-9_]*)(?:\.[A-Za-z_][A-Za-z0-9_]*)*$|^$/;

const grpcConfig = z.strictObject({
  host: text().max(253, "Use at most 253 characters").regex(HOST, "Enter a host name or an IP address"),
  port: z.number().int().min(1).max(65535),
  service: text()
    .max(256, "Use at most 256 characters")
    .regex(GRPC_SERVICE, "Enter a service name such as package.Service, or leave it empty")
    .default("")
    .describe("The service whose health is asked (grpc.health.v1 Check); empty: the whole server"),
  tls: z.boolean().default(false).describe("Connect with TLS (default: plaintext)"),
  sni: text()
    .max(253)
    .regex(HOST, "Enter a host name")
    .optional()
    .describe("With TLS: the server name sent and verified (default: the host)"),
  ignore_tls_errors: z.boolean().optional().describe("With TLS: accept an invalid certificate (default false)"),
  timeout: timeout.default(10),
  assertions: assertionsOf("grpc").optional(),
});

const pingConfig = z.strictObject({
  host: text().max(253, "Use at most 253 characters").regex(HOST, "Enter a host name or an IP address"),
  count: z.number().int().min(1).max(10).default(3).describe("Echo requests sent, 0.2 s apart"),
  timeout: timeout.default(10).describe("Seconds for the whole run; a request unanswered by then is lost"),
  assertions: assertionsOf("ping").optional(),
});

const selector = text()
  .min(1)
  .max(512, "Use at most 512 characters")
  .describe("A Playwright selector: CSS, text=..., role=...");
const pageText = text().min(1).max(1024, "Use at most 1024 characters");

/** A browser check's steps: declarative actions only, no code (docs/api-checks.md). */
export const BROWSER_STEP_ACTIONS = [
  "goto",
  "click",
  "fill",
  "press",
  "wait_for_text",
  "expect_text",
  "expect_url",
  "expect_title",
] as const;

const browserStep = z.discriminatedUnion("action", [
  z.strictObject({
    action: z.literal("goto"),
    url: z
      .url({ protocol: /^https?$/, error: "Enter an http:// or https:// URL" })
      .max(2048, "Use at most 2048 characters")
      .check(storable),
  }),
  z.strictObject({ action: z.literal("click"), selector }),
  z.strictObject({ action: z.literal("fill"), selector, value: text().max(1024, "Use at most 1024 characters") }),
  z.strictObject({
    action: z.literal("press"),
    key: text()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9]+(?:\+[A-Za-z0-9]+)*$/, "Enter a key such as Enter, Tab or Control+A"),
    selector: selector.optional(),
  }),
  z.strictObject({ action: z.literal("wait_for_text"), text: pageText }),
  z.strictObject({ action: z.literal("expect_text"), text: pageText, selector: selector.optional() }),
  z.strictObject({ action: z.literal("expect_url"), contains: text().min(1).max(2048) }),
  z.strictObject({ action: z.literal("expect_title"), contains: pageText }),
]);

const browserConfig = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: "Enter an http:// or https:// URL" })
    .max(2048, "Use at most 2048 characters")
    .check(storable)
    .describe("The page opened first"),
  steps: z.array(browserStep).max(20, "Use at most 20 steps").default([]).describe("Run in order after the page loads"),
  timeout: z
    .number()
    .int()
    .min(5, "Use at least 5 seconds")
    .max(60, "Use at most 60 seconds")
    .default(30)
    .describe("Seconds for the whole check: Chromium's start, the load and every step"),
  ignore_tls_errors: z.boolean().optional().describe("Accept an invalid certificate (default false)"),
  assertions: assertionsOf("browser").optional(),
});

export const SERVICE_TYPES = {
  http: {
    name: "HTTP(S)",
    description: "Requests a URL and checks the status code (and optionally a keyword)",
    config: httpConfig,
  },
  tcp: { name: "TCP port", description: "Opens a TCP connection to a host and port", config: tcpConfig },
  dns: {
    name: "DNS",
    description: "Asks a DNS server for a name's records and checks the answers and the response code",
    config: dnsConfig,
  },
  tls: {
    name: "TLS certificate",
    description: "Opens a TLS connection and checks the certificate's validity and days left",
    config: tlsConfig,
  },
  grpc: {
    name: "gRPC health",
    description: "Asks a gRPC server's standard health service (grpc.health.v1) whether it is SERVING",
    config: grpcConfig,
  },
  ping: {
    name: "Ping (ICMP)",
    description: "Sends ICMP echo requests to a host and checks the packet loss and round-trip time",
    config: pingConfig,
  },
  browser: {
    name: "Browser (Chromium)",
    description:
      "Opens a page in Chromium and runs declarative steps: click, fill, press, wait for and expect text, URL, title",
    config: browserConfig,
  },
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
