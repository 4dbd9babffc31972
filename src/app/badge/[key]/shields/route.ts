import { badgeResponse } from "../../../../server/status-pages/badge-answer";
import { ensureStarted } from "../../../../server/startup";

export const dynamic = "force-dynamic";

/** `/badge/{key}/shields`: a shields.io endpoint document (https://shields.io/badges/endpoint-badge). */
export async function GET(_req: Request, { params }: { params: Promise<{ key: string }> }): Promise<Response> {
  await ensureStarted();
  return badgeResponse(decodeURIComponent((await params).key), true);
}
