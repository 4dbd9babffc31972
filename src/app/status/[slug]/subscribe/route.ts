import { findPageBySlug } from "../../../../server/services/status-pages/public";
import { serveSubscribe } from "../../../../server/status-pages/subscribe";
import { ensureStarted } from "../../../../server/startup";

export const dynamic = "force-dynamic";

/** `POST /status/{slug}/subscribe`: the page's subscribe form (HTML) or the JSON way (`{email}`). */
export async function POST(req: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  await ensureStarted();
  const raw = (await params).slug;
  const page = /^[a-z0-9-]{1,64}$/.test(raw) ? await findPageBySlug(raw) : null; // a slug has nothing to decode
  return serveSubscribe(page, req); // an unknown page answers as a members page does
}
