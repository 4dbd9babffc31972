import { isIP } from "node:net";
import * as grpc from "@grpc/grpc-js";
import { service as healthService } from "grpc-health-check";
import { resolveHost, round } from "./connect";
import { checkClock } from "./clock";
import { failureReason } from "./reason";
import { judged } from "./judge";
import type { CheckOptions, CheckResult, GrpcCheck } from "./types";

const CHECK = healthService.Check!;

/** Each check opens its own connection (no pooled subchannel), tries once and reads a small answer. */
const CHANNEL_OPTIONS: grpc.ChannelOptions = {
  "grpc.use_local_subchannel_pool": 1,
  "grpc.enable_retries": 0,
  "grpc.service_config_disable_resolution": 1,
  "grpc.max_receive_message_length": 4096,
  "grpc.max_send_message_length": 4096,
};

/**
 * One grpc check: the host resolves once (through the guard for platform probes), a channel to that
 * address (TLS or plaintext) makes one unary `grpc.health.v1.Health/Check` call for the service
 * within the timeout, and domain/check-verdict.ts judges the answer (`SERVING` is up). A server
 * that does not know the service answers NOT_FOUND: the status `SERVICE_UNKNOWN`.
 */
export async function runGrpcCheck(check: GrpcCheck, opts: CheckOptions): Promise<CheckResult> {
  const { t0, timing, result } = checkClock();
  const deadline = Date.now() + check.timeoutSeconds * 1000;
  let client: grpc.Client | null = null;
  try {
    const { address, family } = await resolveHost(check.host, opts.policy);
    if (Date.now() >= deadline) return result("down", failureReason(null, check.timeoutSeconds, true));
    timing.dnsMs = round(performance.now() - t0);
    const target = family === 6 ? `ipv6:[${address}]:${check.port}` : `ipv4:${address}:${check.port}`;
    const host = check.host.replace(/^\[(.*)\]$/, "$1");
    const name = check.sni ?? (isIP(host) ? null : host);
    const options: grpc.ChannelOptions = {
      ...CHANNEL_OPTIONS,
      ...(name ? { "grpc.default_authority": `${name}:${check.port}` } : {}),
      ...(check.tls && name ? { "grpc.ssl_target_name_override": name } : {}),
    };
    const credentials = check.tls
      ? grpc.credentials.createSsl(opts.ca ? Buffer.from(opts.ca) : null, null, null, {
          rejectUnauthorized: !check.ignoreTlsErrors,
        })
      : grpc.credentials.createInsecure();
    client = new grpc.Client(target, credentials, options);
    const status = await healthOf(client, check.service, deadline);
    const verdict = judged(check, opts, { grpcStatus: status, responseTimeMs: round(performance.now() - t0) });
    return result(verdict.outcome, verdict.reason);
  } catch (err) {
    return result("down", grpcFailure(err, check.timeoutSeconds));
  } finally {
    client?.close();
  }
}

/** The health answer's status; NOT_FOUND from the server is `SERVICE_UNKNOWN`. */
function healthOf(client: grpc.Client, service: string, deadline: number): Promise<string> {
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(
      CHECK.path,
      CHECK.requestSerialize,
      CHECK.responseDeserialize,
      { service },
      new grpc.Metadata(),
      { deadline },
      (err, answer) => {
        if (err?.code === grpc.status.NOT_FOUND) return resolve("SERVICE_UNKNOWN");
        if (err) return reject(err);
        resolve(String((answer as { status?: unknown } | undefined)?.status ?? "UNKNOWN"));
      },
    );
  });
}

/** A failed call in words: a timeout, the connection's own error, or the gRPC status and its details. */
function grpcFailure(err: unknown, timeoutSeconds: number): string {
  const e = err as grpc.ServiceError | null;
  if (e?.code === undefined || typeof e.code !== "number" || !("details" in e))
    return failureReason(err, timeoutSeconds, false);
  if (e.code === grpc.status.DEADLINE_EXCEEDED) return failureReason(null, timeoutSeconds, true);
  if (e.code === grpc.status.UNIMPLEMENTED) return "the server has no grpc.health.v1 Health service";
  const details = (e.details ?? "")
    .replace(/^No connection established\. Last error: (?:Error: )?/, "")
    .replace(/\.?\s*Resolution note:.*$/s, "")
    .trim();
  if (e.code === grpc.status.UNAVAILABLE) {
    if (/ECONNREFUSED/.test(details)) return "connection refused";
    if (/ETIMEDOUT|timed out/i.test(details)) return failureReason(null, timeoutSeconds, true);
    if (/certificate|SSL|TLS|self[- ]signed/i.test(details)) return `TLS error: ${details.slice(0, 300)}`;
  }
  return `gRPC ${grpc.status[e.code] ?? e.code}: ${details.slice(0, 300)}`;
}
