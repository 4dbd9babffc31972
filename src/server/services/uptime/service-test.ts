import { AppError, notFound } from "../../../shared/errors";
import { isoSeconds } from "../../../shared/time";
import { checkConfig } from "../../../shared/service-types";
import { withStoredSecrets } from "../../../shared/service-secrets";
import type { TestServiceInput } from "../../../shared/schemas/services";
import { checkFromConfig, runCheck } from "../../checks/index";
import { assertionOutcomes, type Observed } from "../../domain/assertions";
import { db } from "../../db";
import { outboundPolicy } from "../../outbound/index";
import { consume, release } from "../../limits/counter";
import { testInFlightKey, testRunLimits } from "../../limits/rules";
import { PROBE_USE } from "../../../shared/capabilities";
import { PROBE_USE_ROLES } from "./probe-use";

/**
 * `POST /services/test` ("Test this check"): a service configuration checked once by a platform
 * probe (this process, the same check module and outbound guard as a scheduled check), answered
 * with the result and every assertion's outcome; nothing is stored and nothing is notified. Limited
 * like run-now (docs/limits.md): one test in flight per account, counted with the account's 60 runs
 * per hour, once the request is known to be valid. A private probe is not offered yet: testing from
 * one is refused (400 on `probe`; its organization's members who may use it are told to save and run
 * it), another organization's probe is not found (404).
 */
export async function testServiceConfig(userId: number, input: TestServiceInput) {
  const stored = input.service_id === undefined ? null : await storedConfig(userId, input.service_id);
  const secrets = withStoredSecrets(input.config, stored);
  const checked = checkConfig(input.type, secrets.config);
  const details = { ...(checked.ok ? {} : checked.details), ...secrets.problems };
  if (!checked.ok || Object.keys(details).length > 0)
    throw new AppError("VALIDATION_ERROR", `Invalid ${Object.keys(details).join(", ")}`, details);
  const probeId = await platformProbe(userId, input.probe);
  const check = checkFromConfig(input.type, checked.config);
  await consume(testRunLimits(userId, check.timeoutSeconds), new Date());
  let observed: Observed | null = null;
  try {
    const r = await runCheck(check, { policy: outboundPolicy(), observe: (o) => (observed = o) });
    return {
      probe_id: probeId,
      outcome: r.outcome,
      reason: r.reason,
      status_code: r.statusCode,
      response_time_ms: r.responseTimeMs,
      started_at: isoSeconds(r.startedAt),
      timing: {
        dns_ms: r.timing.dnsMs,
        connect_ms: r.timing.connectMs,
        tls_ms: r.timing.tlsMs,
        first_byte_ms: r.timing.firstByteMs,
      },
      certificate_days_left: r.certificateDaysLeft,
      assertions: observed
        ? assertionOutcomes(check.assertions, observed).map((o) => ({
            source: o.assertion.source,
            property: o.assertion.property ?? null,
            comparison: o.assertion.comparison,
            target: o.assertion.target ?? null,
            passed: o.passed,
            actual: o.actual,
            description: `${o.label} was ${o.actual}, wanted ${o.wanted}`,
          }))
        : [],
    };
  } finally {
    await release([testInFlightKey(userId)]);
  }
}

async function storedConfig(userId: number, serviceId: number): Promise<Record<string, unknown>> {
  const found = await db().service.findFirst({ where: { id: serviceId, userId }, select: { config: true } });
  if (!found) throw notFound("Service");
  return JSON.parse(found.config) as Record<string, unknown>;
}

/** The platform probe that runs the test: the one asked for, or the first. */
async function platformProbe(userId: number, asked: number | undefined): Promise<number> {
  if (asked === undefined) {
    const first = await db().probe.findFirst({
      where: { kind: "platform" },
      orderBy: { id: "asc" },
      select: { id: true },
    });
    if (!first) throw probeRefused("No platform probe is registered");
    return first.id;
  }
  const probe = await db().probe.findFirst({
    where: { id: asked, OR: [{ kind: "platform" }, { kind: "private", org: { memberships: { some: { userId } } } }] },
    select: {
      id: true,
      kind: true,
      org: { select: { slug: true, memberships: { where: { userId }, select: { role: true } } } },
    },
  });
  if (!probe) throw notFound("Probe");
  if (probe.kind === "platform") return probe.id;
  const role = probe.org?.memberships[0]?.role;
  if (!PROBE_USE_ROLES.some((r) => r === role)) {
    throw new AppError(
      "FORBIDDEN",
      `Probe ${asked} may not be used: it needs ${PROBE_USE} in organization ${probe.org?.slug ?? "(none)"}`,
    );
  }
  throw probeRefused(
    `Tests run on the platform probes; probe ${asked} is a private probe: save the service with it and run it now`,
  );
}

function probeRefused(message: string) {
  return new AppError("VALIDATION_ERROR", message, { probe: [message] });
}
