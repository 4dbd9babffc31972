import type { Engine } from "./dialect";

/**
 * Many rows as ONE statement parameter: a JSON array of objects read as a table, so a batch of any
 * size is one prepared statement on either engine (no statement text per batch size, no statement
 * per row). SQLite reads it with `json_each`, PostgreSQL with `json_to_recordset`.
 */
export type ColumnType = "int" | "float" | "text" | "bool" | "time";

const PG_TYPES: Record<ColumnType, string> = {
  int: "integer",
  float: "double precision",
  text: "text",
  bool: "boolean",
  time: "timestamp",
};

/** The FROM item (aliased `alias`) that reads the JSON parameter as rows of `columns`. */
export function jsonRowsSource(engine: Engine, alias: string, columns: Record<string, ColumnType>): string {
  const names = Object.entries(columns);
  if (engine === "postgresql") {
    return `json_to_recordset(?::json) AS ${alias}(${names.map(([n, t]) => `${n} ${PG_TYPES[t]}`).join(", ")})`;
  }
  return `(SELECT ${names.map(([n]) => `value->>'${n}' AS ${n}`).join(", ")} FROM json_each(?)) AS ${alias}`;
}

/** A time inside a JSON rows parameter, as each engine stores Prisma's DateTime. */
export function jsonTime(engine: Engine, d: Date | null): string | null {
  if (!d) return null;
  return engine === "postgresql" ? d.toISOString() : d.toISOString().replace("Z", "+00:00");
}
