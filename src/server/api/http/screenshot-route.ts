import { notFound } from "../../../shared/errors";
import { authenticate } from "../../services/accounts/principal";
import { jpegResponse, serviceScreenshot } from "../../services/uptime/screenshots";

/** `GET /services/{id}/screenshots/{result_id}`: a failed browser run's screenshot as image/jpeg, not enveloped. */
export async function screenshotResponse(req: Request, serviceId: string, resultId: string): Promise<Response> {
  const principal = await authenticate({ channel: "rest", headers: req.headers, dashboardSession: null });
  // Services belong to user accounts: an organization's service token finds none.
  if (principal.kind !== "user") throw notFound("Screenshot");
  const shot = await serviceScreenshot(principal.userId, Number(serviceId), Number(resultId));
  return jpegResponse(shot.jpeg);
}
