import { describe, expect, it } from "vitest";
import {
  MAX_LOOKUP_FAILURES,
  PENDING_CHECK_FOR_MS,
  PENDING_CHECK_MS,
  RECHECK_MS,
  RETRY_MS,
  decideDomainCheck,
  txtValues,
} from "../../src/server/domain/custom-domain";

const now = new Date("2026-05-01T12:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);
const verified = { verified: true, failures: 0, tokenAt: new Date("2026-01-01T00:00:00Z") };

describe("custom domain checks", () => {
  it("a found token verifies and is looked at again in an hour", () => {
    expect(decideDomainCheck({ verified: false, failures: 0, tokenAt: now }, "token_found", now)).toEqual({
      verified: true,
      failures: 0,
      checkAt: later(RECHECK_MS),
      error: null,
    });
  });

  it("a verified domain whose record answers without the token stops at once", () => {
    expect(decideDomainCheck(verified, "token_not_found", now)).toMatchObject({
      verified: false,
      error: "token_not_found",
    });
  });

  it("a verified domain survives failed lookups until the third in a row, retried every 5 minutes", () => {
    let state = verified;
    for (let i = 1; i < MAX_LOOKUP_FAILURES; i++) {
      const d = decideDomainCheck(state, "lookup_failed", now);
      expect(d).toEqual({ verified: true, failures: i, checkAt: later(RETRY_MS), error: "lookup_failed" });
      state = { ...state, failures: d.failures };
    }
    expect(decideDomainCheck(state, "lookup_failed", now)).toMatchObject({ verified: false, failures: 0 });
    // A success in between forgets the failures.
    expect(decideDomainCheck({ ...verified, failures: 2 }, "token_found", now).failures).toBe(0);
  });

  it("a pending claim is looked at every 5 minutes for a day after its token, then only when asked", () => {
    const pending = (tokenAt: Date) => ({ verified: false, failures: 0, tokenAt });
    expect(decideDomainCheck(pending(now), "token_not_found", now).checkAt).toEqual(later(PENDING_CHECK_MS));
    expect(decideDomainCheck(pending(now), "lookup_failed", now)).toMatchObject({ verified: false, failures: 0 });
    expect(decideDomainCheck(pending(now), "held_by_another", now)).toMatchObject({
      verified: false,
      error: "held_by_another",
    });
    const old = new Date(now.getTime() - PENDING_CHECK_FOR_MS);
    expect(decideDomainCheck(pending(old), "token_not_found", now).checkAt).toBeNull();
    expect(
      decideDomainCheck({ verified: false, failures: 0, tokenAt: null }, "token_not_found", now).checkAt,
    ).toBeNull();
    // A domain that just lost its verification is looked for as a new claim, from now.
    expect(decideDomainCheck(verified, "token_not_found", now).checkAt).toEqual(later(PENDING_CHECK_MS));
  });

  it("joins each TXT record's strings into one value", () => {
    expect(txtValues([["a"], ["lifeline-verify-", "abc"]])).toEqual(["a", "lifeline-verify-abc"]);
  });
});
