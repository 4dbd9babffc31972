import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { shapedGet } from "../../src/server/storage/sqlite/shaped-rows";

describe("shaped rows (the ping's monitor read)", () => {
  it("reads the same object better-sqlite3 builds, nulls and numbers included, and nothing when no row matches", () => {
    const db = new Database(":memory:");
    db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, at TEXT, n REAL);
      INSERT INTO t (name, at, n) VALUES ('a "quoted" name', NULL, 1.5), ('b', '2026-11-27', NULL)`);
    const sql = `SELECT id, name, at, n, (SELECT count(*) FROM t) AS "odd ""key""" FROM t WHERE id = ?`;
    const shaped = shapedGet<Record<string, unknown>>(db.prepare(sql));
    for (const id of [1, 2]) expect(shaped(id)).toEqual(db.prepare(sql).get(id));
    expect(shaped(1)).toEqual({ id: 1, name: 'a "quoted" name', at: null, n: 1.5, 'odd "key"': 2 });
    expect(shaped(3)).toBeUndefined();
  });
});
