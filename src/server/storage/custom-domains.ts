import type { SqlRunner } from "./runner";

/** A page's custom domain and its verification, as a check reads them. */
export type DomainRow = {
  id: number;
  domain: string;
  tokenHash: string;
  verified: boolean;
  verifiedAt: Date | null;
  tokenAt: Date | null;
  failures: number;
};

type Raw = {
  id: number;
  custom_domain: string;
  domain_token_hash: string;
  verified_domain: string | null;
  domain_verified_at: string | Date | null;
  domain_token_at: string | Date | null;
  domain_failures: number;
};

const columns = `id, custom_domain, domain_token_hash, verified_domain, domain_verified_at, domain_token_at, domain_failures`;
const time = (v: string | Date | null) => (v === null ? null : new Date(v));
const row = (r: Raw): DomainRow => ({
  id: Number(r.id),
  domain: r.custom_domain,
  tokenHash: r.domain_token_hash,
  verified: r.verified_domain !== null,
  verifiedAt: time(r.domain_verified_at),
  tokenAt: time(r.domain_token_at),
  failures: Number(r.domain_failures),
});
const at = (sql: SqlRunner) => (sql.kind === "sqlite" ? "?" : "?::timestamp");

/** The pages whose check is due, oldest due first, at most `limit` (index `domain_check_at`). */
export async function dueDomains(sql: SqlRunner, now: Date, limit: number): Promise<DomainRow[]> {
  const rows = await sql.all<Raw>(
    `SELECT ${columns} FROM status_pages WHERE domain_check_at <= ${at(sql)}
       AND custom_domain IS NOT NULL AND domain_token_hash IS NOT NULL
     ORDER BY domain_check_at LIMIT ?`,
    [now, limit],
  );
  return rows.map(row);
}

/** One page's domain (null: no domain, or no token issued for it yet). */
export async function domainOf(sql: SqlRunner, pageId: number): Promise<DomainRow | null> {
  const r = await sql.get<Raw>(
    `SELECT ${columns} FROM status_pages WHERE id = ? AND custom_domain IS NOT NULL AND domain_token_hash IS NOT NULL`,
    [pageId],
  );
  return r ? row(r) : null;
}

/** Another page that serves `domain` now (its token's digest), if any (unique index `verified_domain`). */
export async function holderOf(
  sql: SqlRunner,
  domain: string,
  pageId: number,
): Promise<{ id: number; tokenHash: string | null; tokenAt: Date | null; failures: number } | null> {
  const r = await sql.get<Pick<Raw, "id" | "domain_token_hash" | "domain_token_at" | "domain_failures">>(
    `SELECT id, domain_token_hash, domain_token_at, domain_failures FROM status_pages WHERE verified_domain = ? AND id <> ?`,
    [domain, pageId],
  );
  return r
    ? {
        id: Number(r.id),
        tokenHash: r.domain_token_hash,
        tokenAt: time(r.domain_token_at),
        failures: Number(r.domain_failures),
      }
    : null;
}

export type DomainWrite = {
  verified: boolean;
  verifiedAt: Date | null;
  checkedAt: Date;
  checkAt: Date | null;
  failures: number;
  error: string | null;
};

/**
 * Stores a check's outcome, only if the page still claims the domain with the token that was
 * checked (an edit in between wins). Resolves to whether it was stored.
 */
export async function writeDomainCheck(
  sql: SqlRunner,
  page: Pick<DomainRow, "id" | "domain" | "tokenHash">,
  w: DomainWrite,
): Promise<boolean> {
  const changed = await sql.run(
    `UPDATE status_pages SET verified_domain = ?, domain_verified_at = ?, domain_checked_at = ?,
       domain_check_at = ?, domain_failures = ?, domain_error = ?
     WHERE id = ? AND custom_domain = ? AND domain_token_hash = ?`,
    [
      w.verified ? page.domain : null,
      w.verifiedAt,
      w.checkedAt,
      w.checkAt,
      w.failures,
      w.error,
      page.id,
      page.domain,
      page.tokenHash,
    ],
  );
  return changed > 0;
}

/** The previous holder of a domain another page has just proven: it stops serving it. */
export async function releaseDomain(
  sql: SqlRunner,
  holderId: number,
  domain: string,
  w: Omit<DomainWrite, "verified" | "verifiedAt">,
): Promise<void> {
  await sql.run(
    `UPDATE status_pages SET verified_domain = NULL, domain_verified_at = NULL, domain_checked_at = ?,
       domain_check_at = ?, domain_failures = ?, domain_error = ?
     WHERE id = ? AND verified_domain = ?`,
    [w.checkedAt, w.checkAt, w.failures, w.error, holderId, domain],
  );
}

/** A unique violation of either engine (here: `verified_domain`, taken by a concurrent check). */
export const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: string } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
};
