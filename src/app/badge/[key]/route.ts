import { badgeSvg } from "../../../server/domain/badge";
import { publicBadge } from "../../../server/services/status-pages/badges";
import { ensureStarted } from "../../../server/startup";

export const dynamic = "force-dynamic";

/** `/badge/{key}.svg` and `/badge/{key}.json`: one badge's status (docs/api-status-pages.md). */
export async function GET(_req: Request, { params }: { params: Promise<{ key: string }> }): Promise<Response> {
  await ensureStarted();
  const raw = decodeURIComponent((await params).key);
  const form = raw.endsWith(".svg") ? "svg" : raw.endsWith(".json") ? "json" : null;
  const b = form ? await publicBadge(raw.slice(0, raw.lastIndexOf(".")), new Date()) : null;
  if (!b)
    return Response.json(
      { error: { code: "NOT_FOUND", message: "Badge not found" } },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  const cache = { "Cache-Control": "public, max-age=60" };
  if (form === "json") return Response.json(b, { headers: cache });
  return new Response(badgeSvg(b.label, b.status), {
    headers: { ...cache, "Content-Type": "image/svg+xml; charset=utf-8" },
  });
}
