import { findPageBySlug } from "../../../server/services/status-pages/public";
import { notFoundAnswer, servePasswordPost, serveStatus } from "../../../server/status-pages/serve";
import { ensureStarted } from "../../../server/startup";

export const dynamic = "force-dynamic";

/** `/status/{slug}` (HTML) and `/status/{slug}.json` (its JSON twin); POST: the password form. */
function parse(raw: string): { slug: string; json: boolean } {
  const slug = decodeURIComponent(raw);
  return slug.endsWith(".json") ? { slug: slug.slice(0, -5), json: true } : { slug, json: false };
}

export async function GET(req: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  await ensureStarted();
  const { slug, json } = parse((await params).slug);
  const form = json ? "json" : "html";
  const page = /^[a-z0-9-]{1,64}$/.test(slug) ? await findPageBySlug(slug) : null;
  if (!page) return notFoundAnswer(form);
  return serveStatus(page, form, req.headers, `/status/${page.slug}`);
}

export async function POST(req: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  await ensureStarted();
  const { slug, json } = parse((await params).slug);
  const page = !json && /^[a-z0-9-]{1,64}$/.test(slug) ? await findPageBySlug(slug) : null;
  if (!page) return notFoundAnswer("html");
  return servePasswordPost(page, req, `/status/${page.slug}`);
}
