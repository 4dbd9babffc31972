import type Database from "better-sqlite3";
import type { SweepSteps } from "../sweep-storage";
import { sqlTime } from "./ping-statements";
import { prepareCheckRollups } from "./sweep-check-rollups";
import { immediateTransaction } from "./immediate";
import { sqliteRunner } from "./runner";
import { prepareSweepStatements } from "./sweep-statements";
import { applyDueChanges, applyOverrunChanges, readDuePage, readRunningRuns } from "./sweep-writes";

/**
 * A sweep's statements on one SQLite connection (the sweep itself, its loops and decisions:
 * sweep/sweeper.ts). Each write is a `BEGIN IMMEDIATE` transaction of compare-and-swap updates, so
 * any number of sweepers may run over one database file. better-sqlite3 runs the statements
 * synchronously, so nothing else runs on this connection inside a transaction.
 */
export function sqliteSweepSteps(db: Database.Database): SweepSteps {
  const s = prepareSweepStatements(db);
  const sql = sqliteRunner(db);
  const deleteOldRuns = db.transaction((cutoff: string, limit: number) => ({
    logs: s.deleteOldLogs.run({ cutoff, limit }).changes,
    runs: s.deleteOldRuns.run({ cutoff, limit }).changes,
  }));
  const retained = {
    outbox: s.deleteOldOutbox,
    deliveries: s.deleteOldDeliveries,
    subscriber_mails: s.deleteOldSubscriberMails,
  };
  return {
    sql,
    access: { read: (work) => work(sql), transact: immediateTransaction(db, sql) },
    duePage: async (now, after, limit, decide) => {
      const page = readDuePage(s, now, after, limit);
      return { ...page, applied: applyDueChanges(db, s, decide(page.rows), now) };
    },
    overrunningRuns: async (now, decide) => applyOverrunChanges(db, s, decide(readRunningRuns(s, now)), now),
    deleteOldRuns: async (cutoff, limit) => deleteOldRuns.immediate(sqlTime(cutoff), limit),
    deleteOld: async (table, cutoff, limit) => retained[table].run({ cutoff: sqlTime(cutoff), limit }).changes,
    deleteOldAudit: async (plans, except, cutoff, limit) =>
      s.deleteOldAudit.run({ plans: JSON.stringify(plans), except: except ? 1 : 0, cutoff: sqlTime(cutoff), limit })
        .changes,
    ...prepareCheckRollups(db),
    recordReport: async (report) => {
      s.recordStatus.run({ key: "sweep", value: JSON.stringify(report), now: sqlTime(new Date()) });
    },
  };
}
