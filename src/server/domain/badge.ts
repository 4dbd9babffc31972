/**
 * Pure rules of status badges: the status word of an object, a project's from its parts, and the
 * SVG (sized by its text; every text escaped).
 */
import type { BadgeStates } from "../../shared/schemas/badges";
import { escapeMarkup as e } from "./escape";

export type BadgeStatus = "up" | "late" | "down" | "unknown";

export function badgeStatus(raw: string, paused: boolean): BadgeStatus {
  if (paused) return "unknown";
  if (raw === "up") return "up";
  if (raw === "down") return "down";
  if (raw === "late" || raw === "degraded") return "late";
  return "unknown";
}

/** An up/down-only badge shows late (a late monitor, a degraded service) as up; no data stays no data. */
export function shownStatus(status: BadgeStatus, states: BadgeStates): BadgeStatus {
  return states === "up_down" && status === "late" ? "up" : status;
}

/** A project is as bad as its worst part; unknown when no part has a status. */
export function worstStatus(parts: BadgeStatus[]): BadgeStatus {
  for (const s of ["down", "late", "up"] as const) if (parts.includes(s)) return s;
  return "unknown";
}

/** Text on colour with at least 4.5:1 contrast for white text, light and dark pages alike. */
const COLORS: Record<BadgeStatus, string> = { up: "#1b7f3b", late: "#a14d00", down: "#c0262d", unknown: "#5b6270" };
const SHIELDS: Record<BadgeStatus, string> = { up: "brightgreen", late: "orange", down: "red", unknown: "lightgrey" };

export const shieldsColor = (s: BadgeStatus) => SHIELDS[s];

/** Verdana 11px average advance, rounded up: wide enough for most text, never clipped by much. */
const textWidth = (s: string) => Math.ceil([...s].length * 7 + 10);

export function badgeSvg(label: string, status: BadgeStatus): string {
  const message = status === "unknown" ? "no data" : status;
  const lw = textWidth(label);
  const mw = textWidth(message);
  const w = lw + mw;
  const title = `${label}: ${message}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${e(title)}">` +
    `<title>${e(title)}</title>` +
    `<rect width="${lw}" height="20" fill="#3f4550"/><rect x="${lw}" width="${mw}" height="20" fill="${COLORS[status]}"/>` +
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">` +
    `<text x="${lw / 2}" y="14">${e(label)}</text><text x="${lw + mw / 2}" y="14">${e(message)}</text></g></svg>`
  );
}
