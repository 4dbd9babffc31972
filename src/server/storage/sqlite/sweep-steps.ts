import type Database from "better-sqlite3";
import type { SweepRules, SweepSteps } from "../sweep-storage";
import { sqlTime } from "./ping-statements";
import { prepareCheckRollups } from "./sweep-check-rollups";
import { housekeeping } from "./sweep-housekeeping";
import { sweepOverrunningRuns } from "./sweep-max-runtime";
import { sweepDueMonitors } from "./sweep-missed-pings";
import { immediateTransaction } from "./immediate";
import { sqliteRunner } from "./runner";
import { prepareSweepStatements } from "./sweep-statements";

/**
 * A sweep's steps on one SQLite connection (the sweep itself: sweep/sweeper.ts), executing what
 * `rules` decide. Each write is a `BEGIN IMMEDIATE` transaction of compare-and-swap updates, so any
 * number of sweepers may run over one database file. better-sqlite3 runs the statements
 * synchronously, so nothing else runs on this connection inside a transaction.
 */
export function sqliteSweepSteps(db: Database.Database, rules: SweepRules, log: (line: object) => void): SweepSteps {
  const s = prepareSweepStatements(db);
  const sql = sqliteRunner(db);
  const checkRollups = prepareCheckRollups(db, rules.rollups);
  return {
    sql,
    access: { read: (work) => work(sql), transact: immediateTransaction(db, sql) },
    dueMonitors: async (now, counts) => sweepDueMonitors(db, s, now, counts, log, rules),
    overrunningRuns: async (now, counts) => sweepOverrunningRuns(db, s, now, counts, rules),
    housekeeping: async (now, counts) => housekeeping(db, s, rules, now, counts),
    checkRollups: async (now, counts) => checkRollups(now, counts),
    recordReport: async (report) => {
      s.recordStatus.run({ key: "sweep", value: JSON.stringify(report), now: sqlTime(new Date()) });
    },
  };
}
