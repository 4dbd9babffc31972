"use client";

/** The organization the dashboard acts in: chosen in the org switcher, kept in localStorage. */
const KEY = "lifeline.org";

export function activeOrgSlug(): string | null {
  if (typeof window === "undefined") return null;
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setActiveOrgSlug(slug: string | null): void {
  if (slug) window.localStorage.setItem(KEY, slug);
  else window.localStorage.removeItem(KEY);
}
