import { notFound } from "../../../shared/errors";
import { pageMetaOf } from "../../../shared/schemas/common";
import { isoOrNull, isoSeconds } from "../../../shared/time";
import { db } from "../../db";
import { capLog } from "../../domain/runs";
import { processPingStore } from "../../ping/store";
import type { RunEventResult } from "../../storage/ping-store";
import type { CronRun } from "../../../generated/prisma/client";

import type { TimelineEvent } from "../../../shared/schemas/runs";
import type { RunFlag } from "../../../shared/incident-kinds";

export function runView(r: Omit<CronRun, "id" | "ridGenerated" | "createdAt">) {
  return {
    monitor_id: r.monitorId,
    rid: r.rid,
    status: r.status as "running" | "success" | "fail" | "missed",
    started_at: isoSeconds(r.startedAt),
    finished_at: isoOrNull(r.finishedAt),
    exit_code: r.exitCode,
    duration_ms: r.durationMs,
    log_bytes: r.logBytes,
    truncated: r.truncated,
    overlapped: r.overlapped,
    drifted: r.drifted,
    baseline_ms: r.baselineMs,
    flag: r.flag as RunFlag | null,
    flag_detail: r.flagDetail,
    source: r.source as "shell" | "kubernetes" | "api",
    meta: r.meta ? (JSON.parse(r.meta) as Record<string, unknown>) : null,
    events: JSON.parse(r.events) as TimelineEvent[],
    "@timestamp": isoSeconds(r.startedAt),
  };
}

/** 404 unless the monitor exists in the organization. */
export async function assertMonitorInOrg(orgId: number, monitorId: number): Promise<void> {
  const found = await db().cronMonitor.findFirst({ where: { id: monitorId, orgId }, select: { id: true } });
  if (!found) throw notFound("Cron monitor");
}

export async function listRuns(
  orgId: number,
  q: { id: number; status?: string; flag?: string; from?: string; to?: string; page: number; limit: number },
) {
  await assertMonitorInOrg(orgId, q.id);
  const where = {
    monitorId: q.id,
    ...(q.status ? { status: q.status } : {}),
    ...(q.flag ? { flag: q.flag } : {}),
    ...(q.from || q.to
      ? { startedAt: { ...(q.from ? { gte: new Date(q.from) } : {}), ...(q.to ? { lt: new Date(q.to) } : {}) } }
      : {}),
  };
  const [rows, total] = await Promise.all([
    db().cronRun.findMany({
      where,
      orderBy: [{ startedAt: "desc" }, { id: "desc" }],
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    }),
    db().cronRun.count({ where }),
  ]);
  return { data: rows.map(runView), meta: pageMetaOf(q.page, q.limit, total) };
}

export async function getRun(orgId: number, monitorId: number, rid: string) {
  const run = await db().cronRun.findFirst({ where: { monitorId, rid, monitor: { orgId } } });
  if (!run) throw notFound("Run");
  return runView(run);
}

/** The run log: `/log` notes in order, then the capture (spec 4.1). */
export async function getRunLog(orgId: number, monitorId: number, rid: string) {
  const run = await db().cronRun.findFirst({
    where: { monitorId, rid, monitor: { orgId } },
    select: { events: true, logBytes: true, truncated: true, log: { select: { body: true } } },
  });
  if (!run) throw notFound("Run");
  const notes = (JSON.parse(run.events) as TimelineEvent[]).map((e) => e.message).filter((m) => m.length > 0);
  const capture = run.log?.body ?? "";
  const text = [...notes, ...(capture ? [capture] : [])].join("\n");
  const body = capLog(new TextEncoder().encode(text));
  return { body: body.text, logBytes: run.logBytes, truncated: run.truncated };
}

/** `POST /cron-monitors/{id}/events`: the same run upsert and transitions as a public ping. */
export function reportEvent(
  orgId: number,
  input: {
    id: number;
    event: "start" | "success" | "fail";
    rid?: string;
    exit_code?: number;
    log?: string;
    source: "shell" | "kubernetes" | "api";
    meta?: Record<string, unknown>;
  },
  now = new Date(),
): Promise<RunEventResult> {
  const exitCode = input.exit_code ?? null;
  const kind =
    input.event === "start"
      ? "start"
      : input.event === "fail" || (exitCode !== null && exitCode !== 0)
        ? "fail"
        : "success";
  return processPingStore().record({
    target: { monitorId: input.id, orgId },
    kind,
    exitCode,
    rid: input.rid?.toLowerCase() ?? null,
    log: input.log ? capLog(new TextEncoder().encode(input.log)) : null,
    source: input.source,
    meta: input.meta ?? null,
    rateCapped: false,
    now,
  });
}
