import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Prisma's SQLite adapter runs a process's queries on one connection. Services rely on a plain
 * query issued by another request while an interactive transaction is open never running inside
 * that transaction (it waits): it must neither see uncommitted rows nor be rolled back with them.
 */
describe("one SQLite connection per process", () => {
  it("runs a concurrent plain query after an open transaction, not inside it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-serial-"));
    process.env.DATA_DIR = dir; // before src/env is first used
    const url = `file:${path.join(dir, "lifeline.db")}`;
    const { migrate } = await import("../../src/server/migrate");
    const { createPrisma } = await import("../../src/server/storage/engine");
    await migrate(url);
    const db = createPrisma({ kind: "sqlite", file: path.join(dir, "lifeline.db") });

    let outsideRead: Promise<{ slug: string }[]> | null = null;
    const failing = db
      .$transaction(async (tx) => {
        await tx.organization.create({ data: { slug: "uncommitted", name: "Inside" } });
        // Another request reads while this transaction is open...
        outsideRead = db.$queryRaw<{ slug: string }[]>`SELECT slug FROM organizations`;
        await new Promise((r) => setTimeout(r, 100));
        throw new Error("roll back");
      })
      .catch((err: Error) => err.message);

    expect(await failing).toBe("roll back");
    expect(await outsideRead).toEqual([]);
    await db.$disconnect();
  });
});
