import dns from "node:dns";
import { isIP } from "node:net";
import { Agent, buildConnector, request, type Dispatcher } from "undici";
import { env } from "../../env";
import { OUTBOUND_REFUSAL_PREFIX as REFUSED } from "../domain/service-status";
import { classifyAddress, describeClass } from "./address";

/**
 * The one guard for every outbound request the server makes (webhooks, Slack, probe checks).
 * The host is resolved once; the address is checked; the connection goes to that checked address
 * (TLS still verifies and sends SNI for the host name, the Host header keeps the name), so no second
 * lookup that DNS rebinding could change. Non-public addresses are refused unless the operator set
 * OUTBOUND_ALLOW_PRIVATE.
 */
export type OutboundPolicy = { allowPrivate: boolean };

export class OutboundRefusedError extends Error {
  readonly code = "EOUTBOUNDREFUSED";
  constructor(message: string) {
    super(message);
    this.name = "OutboundRefusedError";
  }
}

const HINT = "set OUTBOUND_ALLOW_PRIVATE=true to allow private targets";

/** Why this address may not be reached under the policy, or null when it may. */
export function addressRefusal(address: string, policy: OutboundPolicy): string | null {
  const cls = classifyAddress(address);
  if (cls === "public") return null;
  if (policy.allowPrivate && cls !== "invalid") return null;
  return `${REFUSED}${address} is ${describeClass(cls)}; ${HINT}`;
}

/**
 * Why a URL's target is refused when its host alone tells (an IP literal, or `localhost`), or null.
 * For create and update time: a host name that needs DNS is checked at delivery instead.
 */
export function literalTargetRefusal(url: string, policy: OutboundPolicy): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  } catch {
    return null; // the URL's own validation reports this
  }
  if (host === "localhost" || host.endsWith(".localhost")) {
    return policy.allowPrivate ? null : `${REFUSED}${host} is a loopback address; ${HINT}`;
  }
  return isIP(host) ? addressRefusal(host, policy) : null;
}

/** Resolves the host once and checks the address that will be connected to. */
export async function resolveTarget(
  hostname: string,
  policy: OutboundPolicy,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(host);
  const { address, family } = literal
    ? { address: host, family: literal }
    : await dns.promises.lookup(host, { verbatim: true });
  const refusal = addressRefusal(address, policy);
  if (refusal) throw new OutboundRefusedError(refusal);
  return { address, family: family as 4 | 6 };
}

/**
 * A `dns.lookup`-compatible function that refuses non-public results, for `net.connect`,
 * `tls.connect` or an undici `connect.lookup`. (Node skips `lookup` for IP literals: check those
 * with `resolveTarget` first, or use `guardedDispatcher`, which does both.)
 */
export function guardedLookup(policy: OutboundPolicy = outboundPolicy()) {
  return (
    hostname: string,
    options: dns.LookupOptions | ((err: NodeJS.ErrnoException | null, address: string, family: number) => void),
    callback?: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void,
  ) => {
    const cb = (typeof options === "function" ? options : callback)! as (
      err: NodeJS.ErrnoException | null,
      a: unknown,
      f?: number,
    ) => void;
    const wantsAll = typeof options === "object" && options.all === true;
    resolveTarget(hostname, policy).then(
      ({ address, family }) => (wantsAll ? cb(null, [{ address, family }]) : cb(null, address, family)),
      (err: NodeJS.ErrnoException) => cb(err, "", 0),
    );
  };
}

/** An undici connector that connects only to the checked address of the request's host. */
export function guardedConnector(
  policy: OutboundPolicy,
  opts: buildConnector.BuildOptions = {},
): buildConnector.connector {
  const base = buildConnector(opts);
  return (options, callback) => {
    resolveTarget(options.hostname, policy).then(
      // `host` keeps the name, so undici's TLS servername (SNI and certificate check) stays the name.
      ({ address }) => base({ ...options, hostname: address }, callback),
      (err: Error) => callback(err, null),
    );
  };
}

const dispatchers = new Map<boolean, Dispatcher>();

/** The shared undici dispatcher of the policy (pass it as `dispatcher` to undici's request/fetch). */
export function guardedDispatcher(policy: OutboundPolicy = outboundPolicy()): Dispatcher {
  let d = dispatchers.get(policy.allowPrivate);
  if (!d) {
    d = new Agent({ connect: guardedConnector(policy, { timeout: 10_000 }), keepAliveTimeout: 4_000 });
    dispatchers.set(policy.allowPrivate, d);
  }
  return d;
}

/** The operator's policy: OUTBOUND_ALLOW_PRIVATE. */
export function outboundPolicy(): OutboundPolicy {
  return { allowPrivate: env().outboundAllowPrivate };
}

export type GuardedRequest = {
  method?: "GET" | "HEAD" | "POST" | "PUT";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** Bytes of the response body read at most; the rest is discarded and the connection closed. */
  maxBodyBytes?: number;
  policy?: OutboundPolicy;
};

export type GuardedResponse = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  truncated: boolean;
};

/**
 * One guarded HTTP(S) request. Redirects are never followed (a 3xx is answered as it is); the whole
 * exchange has a time limit; the body read is capped. Throws OutboundRefusedError for a refused target.
 */
export async function guardedRequest(url: string, r: GuardedRequest = {}): Promise<GuardedResponse> {
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new OutboundRefusedError("refused: only http and https URLs");
  const timeoutMs = r.timeoutMs ?? 10_000;
  const res = await request(parsed, {
    method: r.method ?? "GET",
    headers: r.headers,
    body: r.body,
    dispatcher: guardedDispatcher(r.policy ?? outboundPolicy()),
    signal: AbortSignal.timeout(timeoutMs),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const max = r.maxBodyBytes ?? 64 * 1024;
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of res.body) {
    const buf = chunk as Buffer;
    if (size + buf.length > max) {
      chunks.push(buf.subarray(0, max - size));
      truncated = true;
      res.body.destroy();
      break;
    }
    chunks.push(buf);
    size += buf.length;
  }
  return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), truncated };
}
