import { AppError, notFound } from "../../../shared/errors";
import { checkConfig, type ServiceType } from "../../../shared/service-types";
import { withStoredSecrets } from "../../../shared/service-secrets";
import type { TestServiceInput } from "../../../shared/schemas/services";
import { checkFromConfig } from "../../checks/index";
import { testRun } from "../../checks/test-run";
import { privateTestWaitSeconds, whyProbeCannotTest } from "../../domain/probe-test";
import { db } from "../../db";
import { outboundPolicy } from "../../outbound/index";
import { consume, release } from "../../limits/counter";
import { testInFlightKey, testRunLimits } from "../../limits/rules";
import { PROBE_USE } from "../../../shared/capabilities";
import { PROBE_USE_ROLES } from "./probe-use";
import { testOnPrivateProbe } from "./probe-tests";

/**
 * `POST /services/test` ("Test this check"): a service configuration checked once, answered with
 * the result and every assertion's outcome; nothing is stored and nothing is notified. On a platform
 * probe (the default) this process checks it (the same check module and outbound guard as a
 * scheduled check); on a private probe the caller may use (`probe.use` in its organization, else
 * 403) the probe checks it through the probe protocol (probe-tests.ts): refused at once when the
 * probe does not run the type (400 on `probe`) or is offline (409), and 409 when it does not report
 * within the check's timeout and PICKUP_SECONDS. Another organization's probe is not found (404).
 * Limited like run-now (docs/limits.md): one test in flight per account, counted with the account's
 * 60 runs per hour, once the request is known to be valid.
 */
export async function testServiceConfig(userId: number, input: TestServiceInput) {
  const stored = input.service_id === undefined ? null : await storedConfig(userId, input.service_id);
  const secrets = withStoredSecrets(input.config, stored);
  const checked = checkConfig(input.type, secrets.config);
  const details = { ...(checked.ok ? {} : checked.details), ...secrets.problems };
  if (!checked.ok || Object.keys(details).length > 0)
    throw new AppError("VALIDATION_ERROR", `Invalid ${Object.keys(details).join(", ")}`, details);
  const probe = await testingProbe(userId, input.probe, input.type, new Date());
  const check = checkFromConfig(input.type, checked.config);
  const wait = probe.kind === "private" ? privateTestWaitSeconds(check.timeoutSeconds) : check.timeoutSeconds;
  await consume(testRunLimits(userId, wait), new Date());
  try {
    const answer =
      probe.kind === "private"
        ? await testOnPrivateProbe(probe.id, input.type, checked.config, wait)
        : await testRun(check, outboundPolicy());
    return { probe_id: probe.id, ...answer };
  } finally {
    await release([testInFlightKey(userId)]);
  }
}

async function storedConfig(userId: number, serviceId: number): Promise<Record<string, unknown>> {
  const found = await db().service.findFirst({ where: { id: serviceId, userId }, select: { config: true } });
  if (!found) throw notFound("Service");
  return JSON.parse(found.config) as Record<string, unknown>;
}

/** The probe that runs the test: the one asked for (a platform probe, or a private probe the caller may use now), or the first platform probe. */
async function testingProbe(
  userId: number,
  asked: number | undefined,
  type: ServiceType,
  now: Date,
): Promise<{ id: number; kind: "platform" | "private" }> {
  if (asked === undefined) {
    const first = await db().probe.findFirst({
      where: { kind: "platform" },
      orderBy: { id: "asc" },
      select: { id: true },
    });
    if (!first) throw probeRefused("No platform probe is registered");
    return { id: first.id, kind: "platform" };
  }
  const probe = await db().probe.findFirst({
    where: { id: asked, OR: [{ kind: "platform" }, { kind: "private", org: { memberships: { some: { userId } } } }] },
    select: {
      id: true,
      kind: true,
      checkTypes: true,
      lastSeenAt: true,
      org: { select: { slug: true, memberships: { where: { userId }, select: { role: true } } } },
    },
  });
  if (!probe) throw notFound("Probe");
  if (probe.kind === "platform") return { id: probe.id, kind: "platform" };
  const role = probe.org?.memberships[0]?.role;
  if (!PROBE_USE_ROLES.some((r) => r === role)) {
    throw new AppError(
      "FORBIDDEN",
      `Probe ${asked} may not be used: it needs ${PROBE_USE} in organization ${probe.org?.slug ?? "(none)"}`,
    );
  }
  const why = whyProbeCannotTest(probe.id, type, probe, now);
  if (why?.kind === "type") throw probeRefused(why.message);
  if (why) throw new AppError("CONFLICT", why.message, { probe: [why.message] });
  return { id: probe.id, kind: "private" };
}

function probeRefused(message: string) {
  return new AppError("VALIDATION_ERROR", message, { probe: [message] });
}
