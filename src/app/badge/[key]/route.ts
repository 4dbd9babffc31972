import { badgeResponse } from "../../../server/status-pages/badge-answer";
import { ensureStarted } from "../../../server/startup";

export const dynamic = "force-dynamic";

/** `/badge/{key}.svg` and `/badge/{key}.json`: one badge's status (docs/api-status-pages.md). */
export async function GET(_req: Request, { params }: { params: Promise<{ key: string }> }): Promise<Response> {
  await ensureStarted();
  return badgeResponse(decodeURIComponent((await params).key), false);
}
