/**
 * The organization the dashboard acts in: chosen in the org switcher, kept in a cookie so the
 * server render reads the same organization as the browser's calls (which send it as X-Org-Slug).
 * No cookie means the user's default organization.
 */
export const ORG_COOKIE = "lifeline_org";
const LEGACY_KEY = "lifeline.org";
const YEAR_SECONDS = 365 * 24 * 3600;

export function activeOrgSlug(): string | null {
  if (typeof document === "undefined") return null;
  const pair = document.cookie.split("; ").find((c) => c.startsWith(`${ORG_COOKIE}=`));
  if (!pair) return null;
  try {
    return decodeURIComponent(pair.slice(ORG_COOKIE.length + 1)) || null;
  } catch {
    return null;
  }
}

export function setActiveOrgSlug(slug: string | null): void {
  document.cookie = slug
    ? `${ORG_COOKIE}=${encodeURIComponent(slug)}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`
    : `${ORG_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/**
 * An organization remembered in localStorage by an earlier version, moved into the cookie once.
 * Returns true when it moved one (the page then renders again in that organization).
 */
export function adoptLegacyOrgChoice(): boolean {
  try {
    const slug = window.localStorage.getItem(LEGACY_KEY);
    if (slug === null) return false;
    window.localStorage.removeItem(LEGACY_KEY);
    if (!slug || activeOrgSlug()) return false;
    setActiveOrgSlug(slug);
    return true;
  } catch {
    return false;
  }
}
