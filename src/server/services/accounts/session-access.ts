import { apiStore } from "../../storage/engine";
import type { UserAccessRow } from "../../storage/api-store";

/**
 * A request's reads of its session (joined with the user's membership in the organization it acts
 * in), kept for the request's queries: a server render's layout and its procedures, or the queries
 * of one batch, read it once. A mutation is given no memo and reads afresh (it may itself end the
 * session); every request reads anew, so a revoked session fails at once on every process.
 */
export type AccessMemo = Map<string, Promise<UserAccessRow | undefined>>;

/** The session `sessionId` with its user's membership in organization `slugHeader` (or the default one). */
export function sessionAccess(
  sessionId: string,
  slugHeader: string | null,
  memo?: AccessMemo,
): Promise<UserAccessRow | undefined> {
  const slug = slugHeader?.trim() || null;
  if (!memo) return apiStore().userAccess(sessionId, slug);
  const key = `${sessionId}\n${slug ?? ""}`;
  let row = memo.get(key);
  if (!row) memo.set(key, (row = apiStore().userAccess(sessionId, slug)));
  return row;
}

/** The session is the user's, not revoked and not expired. */
export const sessionLive = (row: UserAccessRow | undefined, userId: number, now: Date): row is UserAccessRow =>
  !!row && row.userId === userId && !row.revoked && row.expiresAt > now;

/** The signed-in user of a dashboard request (the navigation shows its email); undefined without a live session. */
export async function dashboardUser(
  request: {
    dashboardSession: { userId: number; sessionId: string } | null;
    headers: Headers;
    accessMemo?: AccessMemo;
  },
  now = new Date(),
): Promise<UserAccessRow | undefined> {
  const s = request.dashboardSession;
  if (!s) return undefined;
  const row = await sessionAccess(s.sessionId, request.headers.get("x-org-slug"), request.accessMemo);
  return sessionLive(row, s.userId, now) ? row : undefined;
}
