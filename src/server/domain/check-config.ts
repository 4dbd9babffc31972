import type { Assertion } from "../../shared/assertions";

/**
 * What a probe checks and what it found. Shared by every probe (platform and private); no database.
 */
export type HttpAuth = { type: "basic"; username: string; password: string } | { type: "bearer"; token: string };

export type HttpCheck = {
  type: "http";
  url: string;
  method: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
  expectedStatusCode: number;
  timeoutSeconds: number;
  /** Text the response body must contain (case-sensitive), or null. */
  keyword?: string | null;
  /** Everything below is optional: an http check written with the first five fields costs nothing more. */
  headers?: Record<string, string>;
  body?: string | null;
  contentType?: string | null;
  auth?: HttpAuth | null;
  /** Default true. */
  followRedirects?: boolean;
  /** Default MAX_REDIRECTS. */
  maxRedirects?: number;
  /** Accepted status ranges (inclusive); replaces expectedStatusCode when given. */
  acceptedStatus?: [number, number][] | null;
  ignoreTlsErrors?: boolean;
  certificateWarningDays?: number;
  assertions?: Assertion[];
};

export type TcpCheck = { type: "tcp"; host: string; port: number; timeoutSeconds: number; assertions?: Assertion[] };

export type DnsRecordType = "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS" | "SOA";

export type DnsCheck = {
  type: "dns";
  name: string;
  recordType: DnsRecordType;
  /** The server asked; null: the probe's own. */
  resolver: { host: string; port: number } | null;
  timeoutSeconds: number;
  assertions: Assertion[];
};

export type TlsCheck = {
  type: "tls";
  host: string;
  port: number;
  /** Server name sent; null: the host when it is a name. */
  sni: string | null;
  timeoutSeconds: number;
  certificateWarningDays: number;
  /** Accept an invalid certificate (its days left still count). */
  ignoreTlsErrors: boolean;
  assertions: Assertion[];
};

export type GrpcCheck = {
  type: "grpc";
  host: string;
  port: number;
  /** The service asked about; "" is the whole server. */
  service: string;
  tls: boolean;
  /** With TLS: the server name sent and verified; null: the host when it is a name. */
  sni: string | null;
  ignoreTlsErrors: boolean;
  timeoutSeconds: number;
  assertions: Assertion[];
};

export type PingCheck = {
  type: "ping";
  host: string;
  /** Echo requests sent. */
  count: number;
  timeoutSeconds: number;
  assertions: Assertion[];
};

export type BrowserStep =
  | { action: "goto"; url: string }
  | { action: "click"; selector: string }
  | { action: "fill"; selector: string; value: string }
  | { action: "press"; key: string; selector?: string }
  | { action: "wait_for_text"; text: string }
  | { action: "expect_text"; text: string; selector?: string }
  | { action: "expect_url"; contains: string }
  | { action: "expect_title"; contains: string };

export type BrowserCheck = {
  type: "browser";
  url: string;
  steps: BrowserStep[];
  timeoutSeconds: number;
  ignoreTlsErrors: boolean;
  assertions: Assertion[];
};

export type Check = HttpCheck | TcpCheck | DnsCheck | TlsCheck | GrpcCheck | PingCheck | BrowserCheck;

/** Degraded below this many days left when the service does not say (http and tls). */
export const DEFAULT_CERTIFICATE_WARNING_DAYS = 14;

/** The check a service's stored type and config describe (the config already validated by its type's schema). */
export function checkFromConfig(type: string, config: Record<string, unknown>): Check {
  const timeoutSeconds = typeof config.timeout === "number" ? config.timeout : 10;
  const assertions = Array.isArray(config.assertions) ? (config.assertions as Assertion[]) : [];
  const warningDays =
    typeof config.certificate_warning_days === "number"
      ? config.certificate_warning_days
      : DEFAULT_CERTIFICATE_WARNING_DAYS;
  if (type === "tcp")
    return { type: "tcp", host: String(config.host), port: Number(config.port), timeoutSeconds, assertions };
  if (type === "dns")
    return {
      type: "dns",
      name: String(config.name),
      recordType: (config.record_type as DnsRecordType | undefined) ?? "A",
      resolver: typeof config.resolver === "string" ? resolverOf(config.resolver) : null,
      timeoutSeconds,
      assertions,
    };
  if (type === "tls")
    return {
      type: "tls",
      host: String(config.host),
      port: typeof config.port === "number" ? config.port : 443,
      sni: typeof config.sni === "string" ? config.sni : null,
      timeoutSeconds,
      certificateWarningDays: warningDays,
      ignoreTlsErrors: config.ignore_tls_errors === true,
      assertions,
    };
  if (type === "browser")
    return {
      type: "browser",
      url: String(config.url),
      steps: Array.isArray(config.steps) ? (config.steps as BrowserStep[]) : [],
      timeoutSeconds: typeof config.timeout === "number" ? config.timeout : 30,
      ignoreTlsErrors: config.ignore_tls_errors === true,
      assertions,
    };
  if (type === "ping")
    return {
      type: "ping",
      host: String(config.host),
      count: typeof config.count === "number" ? config.count : 3,
      timeoutSeconds,
      assertions,
    };
  if (type === "grpc")
    return {
      type: "grpc",
      host: String(config.host),
      port: Number(config.port),
      service: typeof config.service === "string" ? config.service : "",
      tls: config.tls === true,
      sni: typeof config.sni === "string" ? config.sni : null,
      ignoreTlsErrors: config.ignore_tls_errors === true,
      timeoutSeconds,
      assertions,
    };
  return {
    type: "http",
    url: String(config.url),
    method: (config.method as HttpCheck["method"] | undefined) ?? "GET",
    expectedStatusCode: typeof config.expected_status_code === "number" ? config.expected_status_code : 200,
    timeoutSeconds,
    keyword: typeof config.keyword === "string" ? config.keyword : null,
    headers: (config.headers as Record<string, string> | undefined) ?? {},
    body: typeof config.body === "string" ? config.body : null,
    contentType: typeof config.content_type === "string" ? config.content_type : null,
    auth: (config.auth as HttpAuth | undefined) ?? null,
    followRedirects: config.follow_redirects !== false,
    maxRedirects: typeof config.max_redirects === "number" ? config.max_redirects : undefined,
    acceptedStatus: Array.isArray(config.accepted_status_codes)
      ? (config.accepted_status_codes as string[]).map(statusRange)
      : null,
    ignoreTlsErrors: config.ignore_tls_errors === true,
    certificateWarningDays: warningDays,
    assertions,
  };
}

/** `200` → [200, 200]; `200-299` → [200, 299]. */
export function statusRange(spec: string): [number, number] {
  const [from, to] = spec.split("-");
  return [Number(from), Number(to ?? from)];
}

/** `host:port`, `host`, `[v6]:port` → host and port (53 by default). */
export function resolverOf(value: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d+))?$/.exec(value);
  return { host: m?.[1] ?? m?.[2] ?? value, port: m?.[3] ? Number(m[3]) : 53 };
}
