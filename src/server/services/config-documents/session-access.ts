import { signAccessToken } from "../../auth/tokens";

/**
 * The dashboard's Export and Import run `lifeline export / plan / apply` inside the server, over the
 * REST interface in process, as the signed-in user: an access token of their own session (15
 * minutes, revoked with it), which never leaves the process.
 */
export function sessionAccessToken(user: { userId: number; sessionId: string }, now = new Date()): Promise<string> {
  return signAccessToken(user.userId, user.sessionId, now);
}
