/**
 * Custom domain verification (docs/api-status-pages.md "Custom domains"): what one check of a page's
 * `_lifeline-challenge.<domain>` TXT record does to the page's domain, and when the next one is due.
 * Pure: the lookup and the clock are given.
 */

/** The record the owner creates: its name, and its value is the page's token. */
export const challengeName = (domain: string) => `_lifeline-challenge.${domain}`;

/** A verified domain's record is looked at again this often. */
export const RECHECK_MS = 60 * 60_000;
/** A pending claim (or a domain that just lost its verification) is looked at this often by the sweeper ... */
export const PENDING_CHECK_MS = 5 * 60_000;
/** ... for this long after its token was issued (or it lost its verification); later, only when the owner asks. */
export const PENDING_CHECK_FOR_MS = 24 * 60 * 60_000;
/** A verified domain whose lookup failed (timeout, server failure) is looked at again this soon ... */
export const RETRY_MS = 5 * 60_000;
/** ... and stops serving after this many failed lookups in a row. */
export const MAX_LOOKUP_FAILURES = 3;
/** One lookup's bound. */
export const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * What the lookup found, seen from the page: its token is in the record (and no other page serving
 * the domain still has its own there), the page's token is there but so is the current holder's,
 * the token is not there (no record, no such name, other values alike), or the lookup failed.
 */
export type DomainFinding = "token_found" | "held_by_another" | "token_not_found" | "lookup_failed";

/** Why a page's domain is not verified after a check (stored and shown to its owner). */
export type DomainError = Exclude<DomainFinding, "token_found">;

export type DomainState = { verified: boolean; failures: number; tokenAt: Date | null };

export type DomainCheck = {
  verified: boolean;
  failures: number;
  /** The sweeper's next look (null: none until the owner asks). */
  checkAt: Date | null;
  error: DomainError | null;
};

function pendingNext(tokenAt: Date | null, now: Date): Date | null {
  if (!tokenAt || now.getTime() - tokenAt.getTime() >= PENDING_CHECK_FOR_MS) return null;
  return new Date(now.getTime() + PENDING_CHECK_MS);
}

/**
 * The outcome of one check. A record that answers without the token ends a verification at once
 * (its owner removed it, or the domain moved); a failed lookup is given `MAX_LOOKUP_FAILURES` tries
 * `RETRY_MS` apart, so a resolver's bad minute does not take a status page down.
 */
export function decideDomainCheck(state: DomainState, finding: DomainFinding, now: Date): DomainCheck {
  if (finding === "token_found") {
    return { verified: true, failures: 0, checkAt: new Date(now.getTime() + RECHECK_MS), error: null };
  }
  if (finding === "lookup_failed" && state.verified) {
    const failures = state.failures + 1;
    if (failures < MAX_LOOKUP_FAILURES) {
      return { verified: true, failures, checkAt: new Date(now.getTime() + RETRY_MS), error: finding };
    }
  }
  // A domain that stops being verified is looked for as a new claim is, from now.
  const since = state.verified ? now : state.tokenAt;
  return { verified: false, failures: 0, checkAt: pendingNext(since, now), error: finding };
}

/** TXT answers as node:dns gives them (each record a list of strings of ≤ 255 bytes): one text per record. */
export const txtValues = (records: string[][]): string[] => records.map((chunks) => chunks.join(""));
