/**
 * The ping rate cap (spec 8, decisions 2): at most 5 accepted pings for one monitor in any sliding
 * 60-second window. The monitor row keeps the times of its latest accepted pings, so the cap holds
 * across processes sharing the database.
 */
export const PINGS_PER_WINDOW = 5;
export const WINDOW_MS = 60_000;

export type RateDecision = { accepted: true; recent: number[] } | { accepted: false; retryAfterSeconds: number };

export function admitPing(recent: readonly number[], nowMs: number): RateDecision {
  const inWindow = recent.filter((t) => t > nowMs - WINDOW_MS);
  if (inWindow.length >= PINGS_PER_WINDOW) {
    const oldest = Math.min(...inWindow);
    return { accepted: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - nowMs) / 1000)) };
  }
  return { accepted: true, recent: [...inWindow, nowMs].slice(-PINGS_PER_WINDOW) };
}

export function parseRecentPings(text: string): number[] {
  return text ? text.split(",").map(Number).filter(Number.isFinite) : [];
}

export function formatRecentPings(times: readonly number[]): string {
  return times.join(",");
}
