import { notFoundAnswer } from "../../../../../../server/status-pages/serve";
import { serveConfirm } from "../../../../../../server/status-pages/subscribe";
import { ensureStarted } from "../../../../../../server/startup";

export const dynamic = "force-dynamic";

/** The link of a subscription's confirmation mail: public, the token is the credential. */
export async function GET(
  _req: Request,
  { params }: { params: Promise<{ slug: string; token: string }> },
): Promise<Response> {
  await ensureStarted();
  const { slug, token } = await params;
  if (!/^[a-z0-9-]{1,64}$/.test(slug) || !/^[A-Za-z0-9_-]{1,200}$/.test(token)) return notFoundAnswer("html");
  return serveConfirm(slug, token);
}
