import type { Env } from "../../env";

/**
 * The one engine abstraction (the configuration's `databaseKind`, from env.ts's one URL test): which engine a statement is written for, and the few expressions
 * that differ between them. Every statement of storage/ that is shared by both engines takes an
 * `Engine` and asks here for the differing parts; nothing outside storage/ knows them
 * (tests/unit/layers.test.ts refuses an engine branch outside it).
 */
export type Engine = Env["databaseKind"];

/** The engines by name, for statements built once per engine. */
export const SQLITE: Engine = "sqlite";
export const POSTGRES: Engine = "postgresql";

/** `column IN (ids)` with the ids as one parameter (`idsParam`). */
export function idsIn(engine: Engine, column: string): string {
  return engine === "postgresql" ? `${column} = ANY(?::int[])` : `${column} IN (SELECT value FROM json_each(?))`;
}

/** A parenthesized list of ids given as one parameter (`idsParam`), for `x IN ${idsList(engine)}`. */
export function idsList(engine: Engine): string {
  return engine === "postgresql" ? `(SELECT unnest(CAST(? AS int[])))` : `(SELECT value FROM json_each(?))`;
}

/** The parameter of `idsIn` and `idsList`. */
export function idsParam(engine: Engine, ids: number[]): unknown {
  return engine === "postgresql" ? ids : JSON.stringify(ids);
}

/**
 * A comparison of a timestamp expression with a time parameter (`param`, `?` by default): SQLite
 * stores ISO text whose offsets may differ in writing, so it compares julian days; PostgreSQL
 * compares timestamps.
 */
export function timeCompare(engine: Engine, column: string, op: string, param = "?"): string {
  return engine === "sqlite" ? `julianday(${column}) ${op} julianday(${param})` : `${column} ${op} ${param}::timestamp`;
}

/** The start of the hour of a timestamp column, in the column's stored form. */
export function hourOf(engine: Engine, column: string): string {
  return engine === "sqlite" ? `(substr(${column}, 1, 13) || ':00:00.000+00:00')` : `date_trunc('hour', ${column})`;
}

/** Seconds since the epoch of a timestamp column, as an integer. */
export function epochOf(engine: Engine, column: string): string {
  return engine === "sqlite"
    ? `CAST(strftime('%s', ${column}) AS INTEGER)`
    : `CAST(EXTRACT(EPOCH FROM ${column}) AS BIGINT)`;
}

/** The last `chars` characters of a text column. */
export function tailOf(engine: Engine, column: string, chars: number): string {
  return engine === "sqlite" ? `substr(${column}, -${chars})` : `right(${column}, ${chars})`;
}
