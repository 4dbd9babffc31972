import { Agent, request } from "undici";
import { round, timedConnector, type ConnectionFacts } from "./connect";
import { failureReason } from "./reason";
import { MAX_KEYWORD_BODY_BYTES, MAX_REDIRECTS, type CheckOptions, type CheckResult, type HttpCheck } from "./types";
import { judged } from "./judge";
import type { Observed } from "../domain/assertions";

const DAY_MS = 86_400_000;

/**
 * One http check: the request (its headers, body and credentials; redirects followed unless turned
 * off, up to the check's maximum, each hop resolved and checked again; credentials sent only to the
 * first URL's origin), then domain/check-verdict.ts judges what came back: status, keyword,
 * assertions, the certificate's days left. The whole check, body included, has the check's
 * timeout. Every check opens its own connection, so the timing is a fresh connection's.
 */
export async function runHttpCheck(check: HttpCheck, opts: CheckOptions): Promise<CheckResult> {
  const startedAt = new Date();
  const t0 = performance.now();
  const facts: ConnectionFacts = {
    timing: { dnsMs: null, connectMs: null, tlsMs: null, firstByteMs: null },
    certificateValidTo: null,
  };
  const agent = new Agent({
    connect: timedConnector(opts.policy, facts, opts.ca, check.ignoreTlsErrors === true),
    keepAliveTimeout: 1,
    pipelining: 0,
  });
  const timeoutMs = check.timeoutSeconds * 1000;
  const signal = AbortSignal.timeout(timeoutMs);
  let statusCode: number | null = null;
  const daysLeft = () =>
    facts.certificateValidTo ? Math.floor((facts.certificateValidTo.getTime() - startedAt.getTime()) / DAY_MS) : null;
  const result = (outcome: "up" | "down", reason: string | null): CheckResult => ({
    outcome,
    reason,
    statusCode,
    responseTimeMs: round(performance.now() - t0),
    timing: facts.timing,
    certificateDaysLeft: daysLeft(),
    startedAt,
  });
  const maxRedirects = check.followRedirects === false ? 0 : (check.maxRedirects ?? MAX_REDIRECTS);
  const readsBody = !!check.keyword || !!check.assertions?.some((a) => a.source === "body" || a.source === "json_body");
  try {
    let url = new URL(check.url);
    const origin = url.origin;
    let method: string = check.method;
    let body: string | null = check.body ?? null;
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:")
        return result("down", `unsupported URL scheme ${url.protocol}`);
      const tRequest = performance.now();
      const res = await request(url, {
        method,
        dispatcher: agent,
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        headers: requestHeaders(check, url.origin === origin, body !== null),
        body: body ?? undefined,
      });
      facts.timing.firstByteMs = round(performance.now() - tRequest);
      statusCode = res.statusCode;
      const location = res.headers.location;
      if (statusCode >= 300 && statusCode < 400 && location && hop < maxRedirects) {
        await res.body.dump();
        url = new URL((Array.isArray(location) ? location[0] : location) as string, url);
        if (statusCode === 303 || ((statusCode === 301 || statusCode === 302) && method === "POST")) {
          method = "GET";
          body = null;
        }
        continue;
      }
      const observed: Observed = {
        statusCode,
        headers: res.headers,
        body: readsBody ? await readCapped(res.body, MAX_KEYWORD_BODY_BYTES) : (await res.body.dump(), null),
        certificateDaysLeft: daysLeft(),
      };
      observed.responseTimeMs = round(performance.now() - t0);
      const verdict = judged(check, opts, observed);
      return result(verdict.outcome, verdict.reason);
    }
  } catch (err) {
    return result("down", failureReason(err, check.timeoutSeconds, signal.aborted));
  } finally {
    agent.destroy().catch(() => {});
  }
}

/** The request's headers: the check's own, its content type and credentials (to the first URL's origin only). */
function requestHeaders(check: HttpCheck, sameOrigin: boolean, withBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { "user-agent": "Lifeline-Probe/1", accept: "*/*" };
  for (const [name, value] of Object.entries(check.headers ?? {})) headers[name.toLowerCase()] = value;
  if (withBody && check.contentType) headers["content-type"] = check.contentType;
  if (!sameOrigin) {
    delete headers.authorization;
    return headers;
  }
  if (check.auth?.type === "basic")
    headers.authorization = `Basic ${Buffer.from(`${check.auth.username}:${check.auth.password}`).toString("base64")}`;
  else if (check.auth?.type === "bearer") headers.authorization = `Bearer ${check.auth.token}`;
  return headers;
}

async function readCapped(body: AsyncIterable<unknown> & { destroy(): unknown }, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    chunks.push(buf);
    size += buf.length;
    if (size >= max) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, max).toString("utf8");
}
