import { parse as parseCookies } from "cookie";
import { AppError } from "../shared/errors";
import { dashboardSessionFrom } from "../server/api/next-auth";
import { resolveOrg } from "../server/services/accounts/org-access";
import { authenticate } from "../server/services/accounts/principal";
import { getRunLog } from "../server/services/monitors/runs";
import { ORG_COOKIE } from "./active-org";

/**
 * A run's log for the dashboard (the REST route is bearer only), in the organization chosen by the
 * org switcher: `X-Org-Slug`, else `?org=`, else its cookie. Read by /api/dashboard/runs/{id}/{rid}/log
 * and by the run page's server render.
 */
export async function dashboardRunLog(headers: Headers, orgParam: string | null, monitorId: number, rid: string) {
  const principal = await authenticate({
    channel: "dashboard",
    headers,
    dashboardSession: await dashboardSessionFrom(headers),
  });
  const cookieSlug = parseCookies(headers.get("cookie") ?? "")[ORG_COOKIE] || null;
  const org = await resolveOrg(principal, headers.get("x-org-slug") ?? orgParam ?? cookieSlug);
  if (!org.capabilities.includes("cronmonitor.view"))
    throw new AppError("FORBIDDEN", "You cannot view cron monitors here");
  if (!Number.isInteger(monitorId) || monitorId <= 0 || monitorId > 2_147_483_647)
    throw new AppError("NOT_FOUND", "Cron monitor not found");
  return getRunLog(org.id, monitorId, rid);
}
