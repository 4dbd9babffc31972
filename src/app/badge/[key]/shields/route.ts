import { shieldsColor } from "../../../../server/domain/badge";
import { publicBadge } from "../../../../server/services/status-pages/badges";
import { ensureStarted } from "../../../../server/startup";

export const dynamic = "force-dynamic";

/** `/badge/{key}/shields`: a shields.io endpoint document (https://shields.io/badges/endpoint-badge). */
export async function GET(_req: Request, { params }: { params: Promise<{ key: string }> }): Promise<Response> {
  await ensureStarted();
  const b = await publicBadge(decodeURIComponent((await params).key), new Date());
  if (!b)
    return Response.json(
      { error: { code: "NOT_FOUND", message: "Badge not found" } },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  const message = b.status === "unknown" ? "no data" : b.status;
  return Response.json(
    { schemaVersion: 1, label: b.label, message, color: shieldsColor(b.status), cacheSeconds: 60 },
    { headers: { "Cache-Control": "public, max-age=60" } },
  );
}
