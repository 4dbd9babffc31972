/**
 * The next deadline of the looping sweeper: the earliest instant after `after` at which a sweep has
 * work for an armed, unfolded monitor (it turns late at its expected time E when it is `new` or
 * `up`, and down at E + grace otherwise), or null when no monitor is armed. Read through an
 * expression index (migration `sweep_deadlines`), one index seek whatever the number of monitors.
 * Implementations: storage/sqlite/sweep-deadline.ts, storage/postgres/sweep-deadline.ts.
 */
export type NextDeadline = (after: Date) => Promise<Date | null>;
