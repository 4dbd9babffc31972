import crypto from "node:crypto";
import {
  LOOKUP_TIMEOUT_MS,
  challengeName,
  decideDomainCheck,
  txtValues,
  type DomainError,
  type DomainFinding,
} from "../domain/custom-domain";
import { lookupTxt, type TxtLookup } from "../outbound/dns";
import {
  domainOf,
  dueDomains,
  holderOf,
  isUniqueViolation,
  releaseDomain,
  writeDomainCheck,
  type DomainRow,
} from "../storage/custom-domains";
import type { SqlAccess } from "../storage/runner";

/** Pages whose domain one sweep checks at most, all at once (each lookup bounded by LOOKUP_TIMEOUT_MS). */
export const DOMAINS_PER_SWEEP = 20;

/** The stored form of a verification token (the token itself is shown once). */
export const tokenDigest = (token: string) => crypto.createHash("sha256").update(token.trim()).digest("hex");

export type DomainCheckResult = { verified: boolean; wasVerified: boolean; error: DomainError | null };

class EditedMeanwhile extends Error {}

const lookupOf = (page: DomainRow) => lookupTxt(challengeName(page.domain), LOOKUP_TIMEOUT_MS);

/**
 * Stores what the lookup of `_lifeline-challenge.<domain>` (through the process's resolver) means
 * for the page (domain/custom-domain.ts). A page proves the domain when its token is in the record
 * and the page serving the domain now, if any, has its own no longer there: that page stops
 * serving it in the same transaction. Null when the page has no domain or no token, or was edited
 * meanwhile (the edit wins).
 */
export async function checkDomain(
  access: SqlAccess,
  page: DomainRow,
  lookup: TxtLookup,
  now: Date,
): Promise<DomainCheckResult | null> {
  const digests = new Set(lookup.kind === "records" ? txtValues(lookup.values).map(tokenDigest) : []);
  let finding: DomainFinding = lookup.kind === "failed" ? "lookup_failed" : "token_not_found";
  let holder: Awaited<ReturnType<typeof holderOf>> = null;
  if (digests.has(page.tokenHash)) {
    finding = "token_found";
    if (!page.verified) {
      holder = await access.read((sql) => holderOf(sql, page.domain, page.id));
      if (holder?.tokenHash && digests.has(holder.tokenHash)) finding = "held_by_another";
    }
  }
  const decision = decideDomainCheck(page, finding, now);
  const write = {
    verified: decision.verified,
    verifiedAt: decision.verified ? (page.verified ? page.verifiedAt : now) : null,
    checkedAt: now,
    checkAt: decision.checkAt,
    failures: decision.failures,
    error: decision.error,
  };
  try {
    const stored = await access.transact(async (sql) => {
      if (decision.verified && holder) {
        const dropped = decideDomainCheck(
          { verified: true, failures: 0, tokenAt: holder.tokenAt },
          "token_not_found",
          now,
        );
        await releaseDomain(sql, holder.id, page.domain, {
          checkedAt: now,
          checkAt: dropped.checkAt,
          failures: 0,
          error: dropped.error,
        });
      }
      // The page was edited meanwhile: nothing of this check is kept, the holder's release included.
      if (!(await writeDomainCheck(sql, page, write))) throw new EditedMeanwhile();
      return true;
    });
    if (!stored) return null;
  } catch (err) {
    if (err instanceof EditedMeanwhile) return null;
    // Another page proved the domain at the same moment: this one is not verified.
    if (!isUniqueViolation(err)) throw err;
    const lost = decideDomainCheck(page, "held_by_another", now);
    await access.transact((sql) =>
      writeDomainCheck(sql, page, {
        ...write,
        verified: false,
        verifiedAt: null,
        checkAt: lost.checkAt,
        error: lost.error,
      }),
    );
    return { verified: false, wasVerified: page.verified, error: lost.error };
  }
  return { verified: decision.verified, wasVerified: page.verified, error: decision.error };
}

/** The owner's "verify now": checks the page's domain at once. Null: no domain or no token. */
export async function checkDomainOf(access: SqlAccess, pageId: number, now: Date): Promise<DomainCheckResult | null> {
  const page = await access.read((sql) => domainOf(sql, pageId));
  return page ? checkDomain(access, page, await lookupOf(page), now) : null;
}

/**
 * The sweep's step: the pages whose check is due (verified domains hourly, pending claims every
 * 5 minutes for a day), at most DOMAINS_PER_SWEEP, looked up at once, then stored one after the
 * other (one transaction at a time on the sweeper's connection). One indexed statement when nothing
 * is due.
 */
export async function checkDueDomains(
  access: SqlAccess,
  now: Date,
  log: (line: object) => void,
): Promise<{ checked: number; dropped: number }> {
  const due = await access.read((sql) => dueDomains(sql, now, DOMAINS_PER_SWEEP));
  let checked = 0;
  let dropped = 0;
  const lookups = await Promise.all(due.map(lookupOf));
  for (const [i, page] of due.entries()) {
    try {
      const result = await checkDomain(access, page, lookups[i]!, now);
      if (!result) continue;
      checked++;
      if (result.wasVerified && !result.verified) {
        dropped++;
        log({ level: "info", event: "custom_domain.unverified", status_page_id: page.id, reason: result.error });
      }
    } catch (err) {
      log({ level: "warn", event: "custom_domain.check_failed", status_page_id: page.id, error: String(err) });
    }
  }
  return { checked, dropped };
}
