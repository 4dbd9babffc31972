/**
 * What a probe checks and what it found. Shared by every probe (platform and private); no database.
 */
export type HttpCheck = {
  type: "http";
  url: string;
  method: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
  expectedStatusCode: number;
  timeoutSeconds: number;
  /** Text the response body must contain (case-sensitive), or null. */
  keyword?: string | null;
};

export type TcpCheck = { type: "tcp"; host: string; port: number; timeoutSeconds: number };

export type Check = HttpCheck | TcpCheck;

/** The check a service's stored type and config describe (the config already validated by its type's schema). */
export function checkFromConfig(type: string, config: Record<string, unknown>): Check {
  const timeoutSeconds = typeof config.timeout === "number" ? config.timeout : 10;
  if (type === "tcp") return { type: "tcp", host: String(config.host), port: Number(config.port), timeoutSeconds };
  return {
    type: "http",
    url: String(config.url),
    method: (config.method as Extract<Check, { type: "http" }>["method"] | undefined) ?? "GET",
    expectedStatusCode: typeof config.expected_status_code === "number" ? config.expected_status_code : 200,
    timeoutSeconds,
    keyword: typeof config.keyword === "string" ? config.keyword : null,
  };
}
