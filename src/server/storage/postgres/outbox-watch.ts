import type { Pool, PoolClient } from "pg";

/** The channel the outbox trigger notifies on (migration `sweep_deadlines`). */
export const OUTBOX_CHANNEL = "lifeline_outbox";

/**
 * Calls `onNew` whenever a transaction that wrote outbox rows commits, in any process on any
 * machine: one connection of the pool stays on `LISTEN lifeline_outbox`. A lost connection is
 * opened again after a second (and `onNew` called then: rows may have committed meanwhile).
 */
export function watchPgOutbox(pool: Pool, onNew: () => void, log: (line: object) => void) {
  let client: PoolClient | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const listen = async () => {
    retry = null;
    try {
      const c = await pool.connect();
      if (closed) return c.release();
      client = c;
      c.on("notification", (n) => n.channel === OUTBOX_CHANNEL && onNew());
      c.on("error", (err) => lost(c, err));
      await c.query(`LISTEN ${OUTBOX_CHANNEL}`);
      onNew();
    } catch (err) {
      lost(client, err);
    }
  };
  const lost = (c: PoolClient | null, err: unknown) => {
    if (c && client === c) {
      client = null;
      c.release(err instanceof Error ? err : true);
    }
    if (closed || retry) return;
    log({ level: "error", event: "outbox.watch_failed", error: err instanceof Error ? err.message : String(err) });
    retry = setTimeout(() => void listen(), 1000);
  };
  void listen();

  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (c) {
        await c.query(`UNLISTEN ${OUTBOX_CHANNEL}`).catch(() => {});
        c.release();
      }
    },
  };
}
