import { notFoundAnswer } from "../../../../../../server/status-pages/serve";
import { serveUnsubscribe, serveUnsubscribeForm } from "../../../../../../server/status-pages/subscribe";
import { ensureStarted } from "../../../../../../server/startup";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ slug: string; token: string }> };
const valid = (slug: string, token: string) => /^[a-z0-9-]{1,64}$/.test(slug) && /^[A-Za-z0-9._-]{1,200}$/.test(token);

/** The unsubscribe link of every subscriber mail: GET shows one button, POST (RFC 8058 one-click too) unsubscribes. */
export async function GET(_req: Request, { params }: Params): Promise<Response> {
  const { slug, token } = await params;
  if (!valid(slug, token)) return notFoundAnswer("html");
  return serveUnsubscribeForm(slug, token);
}

export async function POST(_req: Request, { params }: Params): Promise<Response> {
  await ensureStarted();
  const { slug, token } = await params;
  if (!valid(slug, token)) return notFoundAnswer("html");
  return serveUnsubscribe(slug, token);
}
