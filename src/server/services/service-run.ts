import { AppError, notFound } from "../../shared/errors";
import { isoSeconds } from "../../shared/time";
import { checkFromConfig, runCheck } from "../checks";
import { db } from "../db";
import { outboundPolicy } from "../outbound";
import { checkStore } from "../storage/checks";
import { getService } from "./services";

/** How often a run on a private probe looks for its result, and how long past the check's timeout it waits. */
const POLL_MS = 200;
const GRACE_SECONDS = 15;

/**
 * `POST /services/{id}/run`: one check now, off-schedule, answered with its result. A service on the
 * platform probes is checked by this process as a platform probe (same check module, same outbound
 * guard); on a private probe the check is made due at once and this request waits for that probe's
 * report (503 PROBE_UNAVAILABLE when it does not come in time). The result counts like any other:
 * it is kept, shown in errors and metrics, and moves the status.
 */
export async function runServiceNow(userId: number, id: number, probeId: number | undefined) {
  const service = await db().service.findFirst({
    where: { id, userId },
    select: { id: true, type: true, config: true, enabled: true, probes: { select: { probeId: true }, orderBy: { probeId: "asc" } } },
  });
  if (!service) throw notFound("Service");
  if (!service.enabled) throw new AppError("CONFLICT", "The service is paused; enable it to check it");
  const privateIds = service.probes.map((p) => p.probeId);
  const config = JSON.parse(service.config) as Record<string, unknown>;
  const timeout = typeof config.timeout === "number" ? config.timeout : 10;
  if (privateIds.length > 0) {
    const lane = probeId ?? privateIds[0]!;
    if (!privateIds.includes(lane)) throw probeRefused(`Probe ${lane} does not check this service; it uses ${privateIds.join(", ")}`);
    return runOnPrivateProbe(userId, id, lane, timeout);
  }
  const platform = await db().probe.findFirst({ where: { kind: "platform", ...(probeId !== undefined ? { id: probeId } : {}) }, orderBy: { id: "asc" } });
  if (!platform) throw probeRefused(probeId !== undefined ? `Probe ${probeId} is not a platform probe` : "No platform probe is registered");
  const result = await runCheck(checkFromConfig(service.type, config), { policy: outboundPolicy() });
  await checkStore().record(platform.id, [{
    serviceId: id, lane: 0, slot: null, outcome: result.outcome, reason: result.reason, statusCode: result.statusCode,
    responseTimeMs: result.responseTimeMs, startedAt: result.startedAt, dnsMs: result.timing.dnsMs, connectMs: result.timing.connectMs,
    tlsMs: result.timing.tlsMs, firstByteMs: result.timing.firstByteMs, certificateDaysLeft: result.certificateDaysLeft,
  }], new Date());
  const { status } = await getService(userId, id);
  return {
    service_id: id, probe_id: platform.id, outcome: result.outcome, reason: result.reason, status_code: result.statusCode,
    response_time_ms: result.responseTimeMs, started_at: isoSeconds(result.startedAt),
    timing: { dns_ms: result.timing.dnsMs, connect_ms: result.timing.connectMs, tls_ms: result.timing.tlsMs, first_byte_ms: result.timing.firstByteMs },
    certificate_days_left: result.certificateDaysLeft, status,
  };
}

function probeRefused(message: string) {
  return new AppError("VALIDATION_ERROR", message, { probe: [message] });
}

async function runOnPrivateProbe(userId: number, id: number, probeId: number, timeoutSeconds: number) {
  const asked = new Date();
  await checkStore().makeDue(id, probeId, asked);
  const deadline = asked.getTime() + (timeoutSeconds + GRACE_SECONDS) * 1000;
  while (Date.now() < deadline) {
    const row = await db().checkResult.findFirst({
      where: { serviceId: id, probeId, startedAt: { gte: new Date(asked.getTime() - 1000) } },
      orderBy: { id: "desc" },
    });
    if (row) {
      const { status } = await getService(userId, id);
      return {
        service_id: id, probe_id: probeId, outcome: row.up ? ("up" as const) : ("down" as const), reason: row.reason, status_code: row.statusCode,
        response_time_ms: row.responseTimeMs, started_at: isoSeconds(row.startedAt),
        timing: { dns_ms: row.dnsMs, connect_ms: row.connectMs, tls_ms: row.tlsMs, first_byte_ms: row.firstByteMs },
        certificate_days_left: row.certificateDaysLeft, status,
      };
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new AppError("PROBE_UNAVAILABLE", `Probe ${probeId} did not report the check within ${timeoutSeconds + GRACE_SECONDS} s; is it running?`);
}
