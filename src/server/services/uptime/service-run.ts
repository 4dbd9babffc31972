import { AppError, notFound } from "../../../shared/errors";
import { isoSeconds } from "../../../shared/time";
import { checkFromConfig, runCheck } from "../../checks/index";
import { db } from "../../db";
import { outboundPolicy } from "../../outbound/index";
import { storedResult, type StoredResult } from "../../checks/stored-result";
import { processCheckStore } from "../../checks/store";
import { PROBE_USE } from "../../../shared/capabilities";
import { PROBE_USE_ROLES } from "./probe-use";
import { getService } from "./service-records";
import { consume, release } from "../../limits/counter";
import { runInFlightKey, runNowLimits } from "../../limits/rules";

/** How often a run on a private probe looks for its result, and how long past the check's timeout it waits. */
const POLL_MS = 200;
const GRACE_SECONDS = 15;

/**
 * `POST /services/{id}/run`: one check now, off-schedule, answered with its result. A service on the
 * platform probes is checked by this process as a platform probe (same check module, same outbound
 * guard); on a private probe the check is made due at once and this request waits for that probe's
 * report (503 PROBE_UNAVAILABLE when it does not come in time). The result counts like any other:
 * it is kept, shown in errors and metrics, and moves the status. A private probe runs it only while
 * the service's owner holds `probe.use` in the probe's organization (403 otherwise; probe-use.ts).
 * Runs are limited (docs/limits.md): one in flight and one per 10 s per service, 60 per hour per
 * account, counted once the request is known to be valid and before the check starts.
 */
export async function runServiceNow(userId: number, id: number, probeId: number | undefined) {
  const service = await db().service.findFirst({
    where: { id, userId },
    select: {
      id: true,
      type: true,
      config: true,
      enabled: true,
      probes: {
        select: {
          probeId: true,
          probe: {
            select: {
              org: {
                select: {
                  slug: true,
                  memberships: { where: { userId, role: { in: PROBE_USE_ROLES } }, select: { id: true } },
                },
              },
            },
          },
        },
        orderBy: { probeId: "asc" },
      },
    },
  });
  if (!service) throw notFound("Service");
  if (!service.enabled) throw new AppError("CONFLICT", "The service is paused; enable it to check it");
  const privateIds = service.probes.map((p) => p.probeId);
  const check = checkFromConfig(service.type, JSON.parse(service.config) as Record<string, unknown>);
  if (privateIds.length > 0) {
    const lane = probeId ?? privateIds[0]!;
    if (!privateIds.includes(lane))
      throw probeRefused(`Probe ${lane} does not check this service; it uses ${privateIds.join(", ")}`);
    const org = service.probes.find((p) => p.probeId === lane)!.probe.org;
    if (!org || org.memberships.length === 0) {
      throw new AppError(
        "FORBIDDEN",
        `Probe ${lane} may not check this service: its owner does not hold ${PROBE_USE} in organization ${org?.slug ?? "(none)"}`,
      );
    }
    const result = await limited(userId, id, check.timeoutSeconds + GRACE_SECONDS, () =>
      resultOfPrivateProbe(id, lane, check.timeoutSeconds),
    );
    return answer(userId, lane, result);
  }
  const platform = await db().probe.findFirst({
    where: { kind: "platform", ...(probeId !== undefined ? { id: probeId } : {}) },
    orderBy: { id: "asc" },
  });
  if (!platform)
    throw probeRefused(
      probeId !== undefined ? `Probe ${probeId} is not a platform probe` : "No platform probe is registered",
    );
  const r = await limited(userId, id, check.timeoutSeconds, () => runCheck(check, { policy: outboundPolicy() }));
  const result = storedResult({ serviceId: id, lane: 0, slot: null }, r);
  await processCheckStore().record(platform.id, [result], new Date());
  return answer(userId, platform.id, result);
}

/** Runs `work` as one run-now of the service: counted first, its in-flight marker released at the end. */
async function limited<T>(
  userId: number,
  serviceId: number,
  longestRunSeconds: number,
  work: () => Promise<T>,
): Promise<T> {
  await consume(runNowLimits(userId, serviceId, longestRunSeconds), new Date());
  try {
    return await work();
  } finally {
    await release([runInFlightKey(serviceId)]);
  }
}

/** The answer: the result as the API shows it, with the service's status after it. */
async function answer(userId: number, probeId: number, r: StoredResult) {
  const { status } = await getService(userId, r.serviceId);
  return {
    service_id: r.serviceId,
    probe_id: probeId,
    outcome: r.outcome,
    reason: r.reason,
    status_code: r.statusCode,
    response_time_ms: r.responseTimeMs,
    started_at: isoSeconds(r.startedAt),
    timing: { dns_ms: r.dnsMs, connect_ms: r.connectMs, tls_ms: r.tlsMs, first_byte_ms: r.firstByteMs },
    certificate_days_left: r.certificateDaysLeft,
    steps: r.steps,
    status,
  };
}

function probeRefused(message: string) {
  return new AppError("VALIDATION_ERROR", message, { probe: [message] });
}

/** Makes the private probe's check due now and waits for the result it reports. */
async function resultOfPrivateProbe(id: number, probeId: number, timeoutSeconds: number): Promise<StoredResult> {
  const asked = new Date();
  await processCheckStore().makeDue(id, probeId, asked);
  const deadline = asked.getTime() + (timeoutSeconds + GRACE_SECONDS) * 1000;
  while (Date.now() < deadline) {
    const row = await db().checkResult.findFirst({
      where: { serviceId: id, probeId, startedAt: { gte: new Date(asked.getTime() - 1000) } },
      orderBy: { id: "desc" },
    });
    if (row) {
      return storedResult(
        { serviceId: id, lane: probeId, slot: row.slot },
        {
          outcome: row.up ? "up" : "down",
          reason: row.reason,
          statusCode: row.statusCode,
          responseTimeMs: row.responseTimeMs,
          startedAt: row.startedAt,
          timing: { dnsMs: row.dnsMs, connectMs: row.connectMs, tlsMs: row.tlsMs, firstByteMs: row.firstByteMs },
          certificateDaysLeft: row.certificateDaysLeft,
          ...(row.steps ? { steps: JSON.parse(row.steps) as { step: string; ms: number }[] } : {}),
        },
      );
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new AppError(
    "PROBE_UNAVAILABLE",
    `Probe ${probeId} did not report the check within ${timeoutSeconds + GRACE_SECONDS} s; is it running?`,
  );
}
