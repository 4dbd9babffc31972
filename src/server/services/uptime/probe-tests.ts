import { AppError, notFound } from "../../../shared/errors";
import type { ServiceType } from "../../../shared/service-types";
import type { TestReport } from "../../../shared/schemas/probe-agent";
import { db } from "../../db";
import { testsMayWait } from "../../domain/probe-test";

/** How often a waiting test looks for its probe's report. */
const POLL_MS = 200;

/**
 * "Test this check" on a private probe (docs/api-checks.md): the configuration becomes a test job
 * (`probe_tests`, credentials included) that the probe's next lease call hands out; this waits, at
 * most `waitSeconds`, for the probe's report, and deletes the job either way. Answered with the
 * report; a probe that does not report in time is `409 CONFLICT` on `probe`.
 */
export async function testOnPrivateProbe(
  probeId: number,
  type: ServiceType,
  config: Record<string, unknown>,
  waitSeconds: number,
): Promise<TestReport> {
  const asked = new Date();
  const expiresAt = new Date(asked.getTime() + waitSeconds * 1000);
  // Jobs left behind by a process that died mid-wait go with the next test.
  await db().probeTest.deleteMany({ where: { expiresAt: { lt: asked } } });
  const job = await db().probeTest.create({
    data: { probeId, type, config: JSON.stringify(config), expiresAt },
    select: { id: true },
  });
  try {
    await db().probe.updateMany({
      where: { id: probeId, OR: [{ testsUntil: null }, { testsUntil: { lt: expiresAt } }] },
      data: { testsUntil: expiresAt },
    });
    while (Date.now() < expiresAt.getTime()) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const row = await db().probeTest.findUnique({ where: { id: job.id }, select: { answer: true } });
      if (row?.answer) return JSON.parse(row.answer) as TestReport;
    }
  } finally {
    await db().probeTest.deleteMany({ where: { id: job.id } });
  }
  const message = `Probe ${probeId} did not answer within ${waitSeconds} s: is it running?`;
  throw new AppError("CONFLICT", message, { probe: [message] });
}

/**
 * The test jobs waiting for a probe, of the types it runs, each handed out once (marked leased). Only
 * asked while a test may wait for the probe (`tests_until` on its row, read with its token), so a
 * lease call costs no statement more when no test was asked.
 */
export async function leaseTests(
  probe: { id: number; testsUntil: Date | null },
  types: readonly ServiceType[] | undefined,
  now: Date,
) {
  if (!testsMayWait(probe.testsUntil, now)) return [];
  const waiting = await db().probeTest.findMany({
    where: {
      probeId: probe.id,
      leasedAt: null,
      expiresAt: { gt: now },
      ...(types ? { type: { in: [...types] } } : {}),
    },
    orderBy: { id: "asc" },
    take: 20,
  });
  const leased = [];
  for (const job of waiting) {
    const taken = await db().probeTest.updateMany({ where: { id: job.id, leasedAt: null }, data: { leasedAt: now } });
    if (taken.count === 1) leased.push(job);
  }
  return leased.map((j) => ({
    id: j.id,
    expires_at: j.expiresAt.toISOString(),
    check: { type: j.type, ...(JSON.parse(j.config) as Record<string, unknown>) },
  }));
}

/** A probe's report of a test it leased: kept for the waiting request; a test given up (or another probe's) is 404. */
export async function reportTest(probeId: number, id: number, answer: TestReport, now: Date) {
  const kept = await db().probeTest.updateMany({
    where: { id, probeId, leasedAt: { not: null }, expiresAt: { gt: now } },
    data: { answer: JSON.stringify(answer) },
  });
  if (kept.count === 0) throw notFound("Test");
}
