import type { Env } from "../../env";
import { sweepStepsOn, sweepStorage, type OwnConnection, type StorageConfig } from "../storage/engine";
import type { SweepStorage } from "../storage/sweep-storage";
import { sweepRules, type SweeperOptions } from "./rules";
import { createSweeper, type Sweeper } from "./sweeper";

type Config = StorageConfig & Partial<Pick<Env, "checkResultRetentionDays">>;

/**
 * A sweeper process's storage (storage/engine.ts `sweepStorage`: its own connections) with the
 * sweeper over it, deciding by the sweep room's rules.
 */
export function openSweepStorage(config: Config, log: (line: object) => void): SweepStorage & { sweeper: Sweeper } {
  const rules = sweepRules({ checkResultRetentionDays: config.checkResultRetentionDays });
  const storage = sweepStorage(config, log);
  return { ...storage, sweeper: createSweeper(storage.steps, rules, log) };
}

/**
 * A sweeper on a connection (`db`) or pool the caller opened and closes: tests and benchmarks that
 * sweep beside a running server, some with notification rules of their own.
 */
export function sweeperOn(
  c: OwnConnection,
  log: (line: object) => void = () => {},
  options: SweeperOptions = {},
): Sweeper {
  const rules = sweepRules(options);
  return createSweeper(sweepStepsOn(c), rules, log);
}
