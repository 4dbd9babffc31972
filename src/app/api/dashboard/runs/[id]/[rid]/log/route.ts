import { AppError } from "../../../../../../../shared/errors";
import { logUnexpected } from "../../../../../../../server/api/http/errors";
import { ensureStarted } from "../../../../../../../server/startup";
import { dashboardRunLog } from "../../../../../../../trpc/run-log";

export const dynamic = "force-dynamic";

/**
 * The run log for the dashboard (the REST route is bearer only): the same `getRunLog` in the
 * organization chosen by the org switcher (`X-Org-Slug`, `?org=`, or its cookie; see dashboardRunLog).
 * `?download=1` answers as an attachment.
 */
export async function GET(
  req: Request,
  { params }: { params: Promise<{ id: string; rid: string }> },
): Promise<Response> {
  const { id, rid } = await params;
  const url = new URL(req.url);
  try {
    await ensureStarted();
    const monitorId = Number(id);
    const log = await dashboardRunLog(req.headers, url.searchParams.get("org"), monitorId, decodeURIComponent(rid));
    const headers: Record<string, string> = {
      "Content-Type": "text/plain; charset=utf-8",
      "X-Log-Bytes": String(log.logBytes),
      "X-Log-Truncated": String(log.truncated),
      "Cache-Control": "private, no-store",
    };
    if (url.searchParams.get("download"))
      headers["Content-Disposition"] = `attachment; filename="run-${monitorId}-${encodeURIComponent(rid)}.log"`;
    return new Response(log.body, { status: 200, headers });
  } catch (err) {
    if (err instanceof AppError)
      return new Response(err.message, {
        status: err.status,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    const requestId = crypto.randomUUID();
    logUnexpected(requestId, url.pathname, err);
    return new Response(`Internal server error (request id ${requestId})`, {
      status: 500,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Request-Id": requestId },
    });
  }
}
