import { AppError } from "../../../shared/errors";
import { LOG_LIMIT_BYTES } from "../../domain/runs";
import { resolveOrg } from "../../services/accounts/org-access";
import { authenticate } from "../../services/accounts/principal";
import { getRunLog } from "../../services/monitors/runs";

/**
 * `GET /cron-monitors/{id}/runs/{rid}/log`: the raw run log as plain text, not enveloped
 * (spec 4.1). Authenticated like any management route; needs `cronmonitor.view`.
 */
export async function runLogResponse(req: Request, monitorId: string, rid: string): Promise<Response> {
  const principal = await authenticate({ channel: "rest", headers: req.headers, dashboardSession: null });
  const org = await resolveOrg(principal, req.headers.get("x-org-slug"));
  if (!org.capabilities.includes("cronmonitor.view")) {
    throw new AppError("FORBIDDEN", `This needs the cronmonitor.view capability in organization ${org.slug}`);
  }
  const id = Number(monitorId);
  if (!Number.isInteger(id) || id <= 0) throw new AppError("NOT_FOUND", "Cron monitor not found");
  const log = await getRunLog(org.id, id, decodeURIComponent(rid));
  return new Response(log.body, {
    status: 200,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "X-Log-Bytes": String(log.logBytes),
      "X-Log-Truncated": String(log.truncated),
      "Ping-Body-Limit": String(LOG_LIMIT_BYTES),
      "Cache-Control": "private, no-store",
    },
  });
}
