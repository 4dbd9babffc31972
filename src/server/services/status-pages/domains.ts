import crypto from "node:crypto";
import { AppError, notFound } from "../../../shared/errors";
import type { CustomDomainVerification } from "../../../shared/schemas/status-pages";
import { isoSeconds } from "../../../shared/time";
import { db } from "../../db";
import { PENDING_CHECK_MS, challengeName, type DomainError } from "../../domain/custom-domain";
import { consume } from "../../limits/counter";
import { customDomainCheckLimits } from "../../limits/rules";
import { sqlAccess } from "../../storage/engine";
import { checkDomainOf, tokenDigest } from "../../sweep/custom-domains";

/** The active organization (pages.ts's PageScope, of which only the organization matters here). */
type PageScope = { orgId: number };

/**
 * Custom domains (docs/api-status-pages.md "Custom domains"): a page claims a domain freely and
 * serves it only once `_lifeline-challenge.<domain>` holds the page's token, a random value shown
 * once (its SHA-256 digest is stored).
 */

/** The page's columns a claim sets: a new token, pending, first looked at by the sweeper in 5 minutes. */
export function claimFields(domain: string | null, now: Date) {
  const token = domain ? `lifeline-verify-${crypto.randomBytes(24).toString("base64url")}` : null;
  return {
    token,
    data: {
      customDomain: domain,
      verifiedDomain: null,
      domainTokenHash: token ? tokenDigest(token) : null,
      domainTokenAt: token ? now : null,
      domainVerifiedAt: null,
      domainCheckedAt: null,
      domainCheckAt: token ? new Date(now.getTime() + PENDING_CHECK_MS) : null,
      domainFailures: 0,
      domainError: null,
    },
  };
}

export const domainSelect = {
  customDomain: true,
  verifiedDomain: true,
  domainTokenHash: true,
  domainVerifiedAt: true,
  domainCheckedAt: true,
  domainCheckAt: true,
  domainError: true,
} as const;

type DomainColumns = {
  customDomain: string | null;
  verifiedDomain: string | null;
  domainTokenHash: string | null;
  domainVerifiedAt: Date | null;
  domainCheckedAt: Date | null;
  domainCheckAt: Date | null;
  domainError: string | null;
};

/** What the owner sees; `token` only in the answer of the write that issued it. */
export function verificationView(p: DomainColumns, token: string | null = null): CustomDomainVerification | null {
  if (!p.customDomain) return null;
  const time = (d: Date | null) => (d ? isoSeconds(d) : null);
  return {
    domain: p.customDomain,
    status: p.verifiedDomain === p.customDomain ? "verified" : "pending",
    record_name: challengeName(p.customDomain),
    record_type: "TXT",
    record_value: token,
    token_issued: p.domainTokenHash !== null,
    verified_at: time(p.domainVerifiedAt),
    checked_at: time(p.domainCheckedAt),
    next_check_at: time(p.domainCheckAt),
    error: (p.domainError as DomainError | null) ?? null,
  };
}

async function pageDomain(scope: PageScope, id: number) {
  const page = await db().statusPage.findFirst({ where: { id, orgId: scope.orgId }, select: domainSelect });
  if (!page) throw notFound("Status page");
  if (!page.customDomain) {
    throw new AppError("CONFLICT", "This status page has no custom domain", {
      custom_domain: ["set a custom domain first"],
    });
  }
  return page;
}

/**
 * A new token for the page's pending domain (the earlier one stops counting), shown in this answer
 * only. A verified domain keeps its token: 409 (remove or change the domain to start again).
 */
export async function issueDomainToken(scope: PageScope, id: number): Promise<CustomDomainVerification> {
  const page = await pageDomain(scope, id);
  if (page.verifiedDomain) {
    throw new AppError("CONFLICT", "The custom domain is verified; its token stays", {
      custom_domain: ["verified"],
    });
  }
  const claim = claimFields(page.customDomain, new Date());
  const updated = await db().statusPage.updateMany({
    where: { id, orgId: scope.orgId, customDomain: page.customDomain, verifiedDomain: null },
    data: claim.data,
  });
  if (updated.count === 0) throw notFound("Status page");
  return verificationView({ ...page, ...claim.data }, claim.token)!;
}

/** "Verify now": looks at the record at once (limited per page, docs/limits.md) and answers the state. */
export async function verifyDomainNow(scope: PageScope, id: number): Promise<CustomDomainVerification> {
  const page = await pageDomain(scope, id);
  if (!page.domainTokenHash) {
    throw new AppError("CONFLICT", "No token was issued for this custom domain yet", {
      custom_domain: ["issue a token first"],
    });
  }
  const now = new Date();
  await consume(customDomainCheckLimits(id), now);
  await checkDomainOf(sqlAccess(), id, now);
  const after = await db().statusPage.findFirst({ where: { id, orgId: scope.orgId }, select: domainSelect });
  if (!after) throw notFound("Status page");
  return verificationView(after) ?? verificationView(page)!;
}
