import { handlePing } from "../../../server/ping/handler";
import { processPingStore } from "../../../server/ping/store";
import { ensureStarted } from "../../../server/startup";

export const dynamic = "force-dynamic";

/** `/ping/<token>[/<suffix>]` (and the PING_HOST root, rewritten here by proxy.ts). */
async function handler(req: Request): Promise<Response> {
  await ensureStarted();
  const path = new URL(req.url).pathname.slice("/ping".length);
  return handlePing(req, path, processPingStore());
}

export { handler as GET, handler as POST, handler as HEAD, handler as PUT, handler as PATCH, handler as DELETE };
