import { AppError } from "../../../shared/errors";
import {
  expositionBytes,
  OPENMETRICS_CONTENT_TYPE,
  TEXT_CONTENT_TYPE,
  wantsOpenMetrics,
} from "../../domain/exposition";
import { authenticateInOrg } from "../../services/accounts/access";
import { orgMetrics } from "../../services/uptime/org-metrics";
import { acceptsGzip, gzip } from "./gzip";

/**
 * `GET /metrics`: the active organization's monitors and services for Prometheus (docs/api-metrics.md),
 * in the text format, or OpenMetrics when the Accept header asks for it; gzipped when the
 * Accept-Encoding header accepts gzip (as Prometheus' does). Bearer credentials only (a service
 * token or an access token); needs `metrics.read`.
 */
export async function orgMetricsResponse(req: Request): Promise<Response> {
  const { org } = await authenticateInOrg(
    { channel: "rest", headers: req.headers, dashboardSession: null },
    req.headers.get("x-org-slug"),
  );
  if (!org.capabilities.includes("metrics.read")) {
    throw new AppError("FORBIDDEN", `This needs the metrics.read capability in organization ${org.slug}`);
  }
  const openMetrics = wantsOpenMetrics(req.headers.get("accept"));
  const body = expositionBytes(await orgMetrics(org.id), openMetrics);
  const headers: Record<string, string> = {
    "Content-Type": openMetrics ? OPENMETRICS_CONTENT_TYPE : TEXT_CONTENT_TYPE,
    "Cache-Control": "private, no-store",
    Vary: "Accept, Accept-Encoding",
  };
  if (!acceptsGzip(req.headers.get("accept-encoding"))) return new Response(body, { status: 200, headers });
  return new Response(await gzip(body), { status: 200, headers: { ...headers, "Content-Encoding": "gzip" } });
}
