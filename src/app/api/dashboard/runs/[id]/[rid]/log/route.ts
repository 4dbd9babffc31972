import { AppError } from "../../../../../../../shared/errors";
import { dashboardSessionFrom } from "../../../../../../../server/auth/next-auth";
import { authenticate } from "../../../../../../../server/services/principal";
import { resolveOrg } from "../../../../../../../server/services/orgs/access";
import { getRunLog } from "../../../../../../../server/services/runs";
import { ensureStarted } from "../../../../../../../server/startup";

export const dynamic = "force-dynamic";

/**
 * The run log for the dashboard (the REST route is bearer only): the same `getRunLog` in the
 * organization chosen by the org switcher (`X-Org-Slug`, or `?org=` for the download link).
 * `?download=1` answers as an attachment.
 */
export async function GET(req: Request, { params }: { params: Promise<{ id: string; rid: string }> }): Promise<Response> {
  await ensureStarted();
  const { id, rid } = await params;
  const url = new URL(req.url);
  try {
    const principal = await authenticate({ channel: "dashboard", headers: req.headers, dashboardSession: await dashboardSessionFrom(req.headers) });
    const org = await resolveOrg(principal, req.headers.get("x-org-slug") ?? url.searchParams.get("org"));
    if (!org.capabilities.includes("cronmonitor.view")) throw new AppError("FORBIDDEN", "You cannot view cron monitors here");
    const monitorId = Number(id);
    if (!Number.isInteger(monitorId) || monitorId <= 0) throw new AppError("NOT_FOUND", "Cron monitor not found");
    const log = await getRunLog(org.id, monitorId, decodeURIComponent(rid));
    const headers: Record<string, string> = {
      "Content-Type": "text/plain; charset=utf-8",
      "X-Log-Bytes": String(log.logBytes),
      "X-Log-Truncated": String(log.truncated),
      "Cache-Control": "private, no-store",
    };
    if (url.searchParams.get("download")) headers["Content-Disposition"] = `attachment; filename="run-${monitorId}-${encodeURIComponent(rid)}.log"`;
    return new Response(log.body, { status: 200, headers });
  } catch (err) {
    if (err instanceof AppError) return new Response(err.message, { status: err.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw err;
  }
}
