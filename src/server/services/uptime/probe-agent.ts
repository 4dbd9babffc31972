import { checkResultFromWire, storedResult, type ResultWire } from "../../checks/stored-result";
import { db } from "../../db";
import { processCheckStore } from "../../checks/store";
import { laneOf, probeByToken } from "./probes";
import { leaseTests, reportTest } from "./probe-tests";
import type { TestReport } from "../../../shared/schemas/probe-agent";
import { checkTypesText } from "../../domain/probe-serving";
import { SERVICE_TYPE_NAMES, type ServiceType } from "../../../shared/service-types";

/** `last_seen_at` is written at most this often per probe (a busy probe calls several times a second). */
const SEEN_EVERY_MS = 10_000;

type Probe = NonNullable<Awaited<ReturnType<typeof probeByToken>>>;

/**
 * The probe of an `X-Auth` token, recorded as seen (at most every 10 s, or when its version
 * changed), or null: a deleted probe or a rotated token is refused at once (the lookup is by the
 * stored digest, on every call).
 */
export async function seenProbe(token: string | null, versionHeader: string | null, now: Date): Promise<Probe | null> {
  const found = await probeByToken(token);
  if (!found) return null;
  const version = versionHeader?.slice(0, 40) ?? found.version;
  const stale =
    !found.lastSeenAt || now.getTime() - found.lastSeenAt.getTime() >= SEEN_EVERY_MS || version !== found.version;
  return stale ? await db().probe.update({ where: { id: found.id }, data: { lastSeenAt: now, version } }) : found;
}

/** The organization a private probe belongs to, for its view (platform probes: none). */
export async function probeOrg(orgId: number | null): Promise<{ org?: { slug: string } | null }> {
  if (orgId === null) return {};
  return { org: await db().organization.findUnique({ where: { id: orgId }, select: { slug: true } }) };
}

/**
 * Leases up to `max` of the probe's due checks within `lookaheadSeconds`, of the types it can run (all
 * by default), and the tests of a configuration waiting for it (probe-tests.ts). The types it said
 * are kept on the probe when they changed (the service page shows which probes can serve a service:
 * serving-probes.ts).
 */
export async function leaseChecks(
  probe: Probe,
  max: number,
  lookaheadSeconds: number,
  now: Date,
  types?: readonly ServiceType[],
) {
  const said = checkTypesText(types);
  if (said !== probe.checkTypes) await db().probe.update({ where: { id: probe.id }, data: { checkTypes: said } });
  const horizon = new Date(now.getTime() + lookaheadSeconds * 1000);
  const skip = types ? SERVICE_TYPE_NAMES.filter((t) => !types.includes(t)) : [];
  const checks = await processCheckStore().lease(probe.id, laneOf(probe), max, horizon, now, skip);
  return { ...checks, tests: await leaseTests(probe, types, now) };
}

/** A probe's report of a test it leased (probe-tests.ts). */
export function recordTestReport(probe: Probe, report: TestReport & { id: number }, now: Date) {
  const { id, ...answer } = report;
  return reportTest(probe.id, id, answer, now);
}

/** Records a probe's batch of results (each mapped to a stored result by checks/stored-result.ts). */
export function recordResults(probe: Probe, results: ResultWire[], now: Date) {
  return processCheckStore().record(
    probe.id,
    results.map((r) => storedResult({ serviceId: r.service_id, lane: r.lane, slot: r.slot }, checkResultFromWire(r))),
    now,
  );
}
