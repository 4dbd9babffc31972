import { Agent, request } from "undici";
import { round, timedConnector, type ConnectionFacts } from "./connect";
import { failureReason } from "./reason";
import { MAX_KEYWORD_BODY_BYTES, MAX_REDIRECTS, type CheckOptions, type CheckResult, type HttpCheck } from "./types";

const DAY_MS = 86_400_000;

/**
 * One http check: the request (redirects followed up to MAX_REDIRECTS, each hop resolved and
 * checked again), the expected status, the keyword. The whole check, body included, has the
 * check's timeout. Every check opens its own connection, so the timing is a fresh connection's.
 */
export async function runHttpCheck(check: HttpCheck, opts: CheckOptions): Promise<CheckResult> {
  const startedAt = new Date();
  const t0 = performance.now();
  const facts: ConnectionFacts = {
    timing: { dnsMs: null, connectMs: null, tlsMs: null, firstByteMs: null },
    certificateValidTo: null,
  };
  const agent = new Agent({ connect: timedConnector(opts.policy, facts, opts.ca), keepAliveTimeout: 1, pipelining: 0 });
  const timeoutMs = check.timeoutSeconds * 1000;
  const signal = AbortSignal.timeout(timeoutMs);
  let statusCode: number | null = null;
  const result = (outcome: "up" | "down", reason: string | null): CheckResult => ({
    outcome,
    reason,
    statusCode,
    responseTimeMs: round(performance.now() - t0),
    timing: facts.timing,
    certificateDaysLeft: facts.certificateValidTo
      ? Math.floor((facts.certificateValidTo.getTime() - startedAt.getTime()) / DAY_MS)
      : null,
    startedAt,
  });
  try {
    let url = new URL(check.url);
    let method: string = check.method;
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
        headers: { "user-agent": "Lifeline-Probe/1", accept: "*/*" },
      });
      facts.timing.firstByteMs = round(performance.now() - tRequest);
      statusCode = res.statusCode;
      const location = res.headers.location;
      if (statusCode >= 300 && statusCode < 400 && location && hop < MAX_REDIRECTS) {
        await res.body.dump();
        url = new URL((Array.isArray(location) ? location[0] : location) as string, url);
        if (statusCode === 303 || ((statusCode === 301 || statusCode === 302) && method === "POST")) method = "GET";
        continue;
      }
      if (!check.keyword) {
        await res.body.dump();
      } else {
        const body = await readCapped(res.body, MAX_KEYWORD_BODY_BYTES);
        if (statusCode === check.expectedStatusCode && !body.includes(check.keyword))
          return result("down", "keyword missing");
      }
      if (statusCode !== check.expectedStatusCode) return result("down", `unexpected status ${statusCode}`);
      return result("up", null);
    }
  } catch (err) {
    return result("down", failureReason(err, check.timeoutSeconds, signal.aborted));
  } finally {
    agent.destroy().catch(() => {});
  }
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
