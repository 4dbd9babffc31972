import { findPageBySlug } from "../../../../server/services/status-pages/public";
import { notFoundAnswer, serveStatus } from "../../../../server/status-pages/serve";
import { ensureStarted } from "../../../../server/startup";

export const dynamic = "force-dynamic";

/** `/status/{slug}/feed`: the Atom feed of the page's incidents. */
export async function GET(req: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  await ensureStarted();
  const slug = decodeURIComponent((await params).slug);
  const page = /^[a-z0-9-]{1,64}$/.test(slug) ? await findPageBySlug(slug) : null;
  if (!page) return notFoundAnswer("feed");
  return serveStatus(page, "feed", req.headers, `/status/${page.slug}`);
}
