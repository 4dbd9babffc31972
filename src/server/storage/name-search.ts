import { db } from "../db";
import { databaseEngine } from "./engine";

/**
 * The ids of a user's services whose name contains `search`, ignoring case: the same rule as the
 * cron monitors' list statement (`instr(lower(name), ...)`; A-Z on SQLite, every letter on
 * PostgreSQL), with `%` and `_` plain characters (Prisma's `contains` is a LIKE that takes them as
 * wildcards on SQLite). One statement; the services page then reads only these ids.
 */
export async function serviceIdsNamed(userId: number, search: string): Promise<number[]> {
  const sql =
    databaseEngine() === "postgresql"
      ? `SELECT id FROM services WHERE user_id = $1 AND strpos(lower(name), lower($2)) > 0`
      : `SELECT id FROM services WHERE user_id = ? AND instr(lower(name), lower(?)) > 0`;
  const rows = await db().$queryRawUnsafe<{ id: number | bigint }[]>(sql, userId, search);
  return rows.map((r) => Number(r.id));
}
