import { MASK, maskSecret, maskUrlCredentials } from "./integration-secrets";

/**
 * A service's credentials are write-only, as integration secrets are: every answer shows the http
 * type's `auth.password` and `auth.token` masked (`maskSecret`), so are the values of request headers
 * whose names say they carry one (`SECRET_HEADER`: Authorization, Cookie, API keys, tokens...), and
 * the credentials inside its `url` (`maskUrlCredentials`). A client that sends back what it read keeps the stored values;
 * any other value holding the mask is refused. Probes get the stored values through their lease.
 */
const AUTH_SECRETS = ["password", "token"] as const;

/** Request headers whose values are credentials. */
export const SECRET_HEADER = /authorization|cookie|token|secret|api[-_]?key|password|session|signature/i;

export function maskServiceConfig(config: Record<string, unknown>): Record<string, unknown> {
  const masked: Record<string, unknown> = { ...config };
  if (typeof config.url === "string") masked.url = maskUrlCredentials(config.url);
  const auth = config.auth as Record<string, unknown> | undefined;
  if (auth && typeof auth === "object") {
    const a: Record<string, unknown> = { ...auth };
    for (const f of AUTH_SECRETS) if (typeof auth[f] === "string") a[f] = maskSecret(auth[f] as string);
    masked.auth = a;
  }
  const headers = config.headers as Record<string, unknown> | undefined;
  if (headers && typeof headers === "object") {
    masked.headers = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, SECRET_HEADER.test(k) && typeof v === "string" ? maskSecret(v) : v]),
    );
  }
  return masked;
}

/**
 * The config to store from what was sent, given the stored one (null on create): a masked value
 * sent back becomes the stored value; a problem (a mask that is not the stored value's) is keyed by
 * the config field (`auth.password`).
 */
export function withStoredSecrets(
  sent: unknown,
  stored: Record<string, unknown> | null,
): { config: unknown; problems: Record<string, string[]> } {
  const problems: Record<string, string[]> = {};
  if (!sent || typeof sent !== "object" || Array.isArray(sent)) return { config: sent, problems };
  const config: Record<string, unknown> = { ...(sent as Record<string, unknown>) };
  const refuse = (key: string) =>
    (problems[key] = [
      `This is a masked value: send it in full${stored ? ", or send back the value read to keep the stored one" : ""}`,
    ]);
  if (typeof config.url === "string" && config.url.includes(MASK)) {
    if (typeof stored?.url === "string" && config.url === maskUrlCredentials(stored.url)) config.url = stored.url;
    else refuse("url");
  }
  const auth = config.auth as Record<string, unknown> | undefined;
  const storedAuth = stored?.auth as Record<string, unknown> | undefined;
  if (auth && typeof auth === "object" && !Array.isArray(auth)) {
    const a: Record<string, unknown> = { ...auth };
    for (const f of AUTH_SECRETS) {
      const v = auth[f];
      if (typeof v !== "string" || !v.includes(MASK)) continue;
      const kept = storedAuth?.type === auth.type ? storedAuth?.[f] : undefined;
      if (typeof kept === "string" && v === maskSecret(kept)) a[f] = kept;
      else refuse(`auth.${f}`);
    }
    config.auth = a;
  }
  const headers = config.headers as Record<string, unknown> | undefined;
  const storedHeaders = (stored?.headers ?? {}) as Record<string, unknown>;
  if (headers && typeof headers === "object" && !Array.isArray(headers)) {
    const h: Record<string, unknown> = { ...headers };
    for (const [k, v] of Object.entries(headers)) {
      if (typeof v !== "string" || !v.includes(MASK)) continue;
      const kept = storedHeaders[k];
      if (typeof kept === "string" && v === maskSecret(kept)) h[k] = kept;
      else refuse(`headers.${k}`);
    }
    config.headers = h;
  }
  return { config, problems };
}
