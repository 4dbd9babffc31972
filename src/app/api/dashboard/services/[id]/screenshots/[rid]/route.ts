import { AppError } from "../../../../../../../shared/errors";
import { dashboardSessionFrom } from "../../../../../../../server/api/next-auth";
import { authenticate } from "../../../../../../../server/services/accounts/principal";
import { jpegResponse, serviceScreenshot } from "../../../../../../../server/services/uptime/screenshots";
import { ensureStarted } from "../../../../../../../server/startup";

export const dynamic = "force-dynamic";

/** A failed browser run's screenshot for the service page (the REST route is bearer only). */
export async function GET(
  req: Request,
  { params }: { params: Promise<{ id: string; rid: string }> },
): Promise<Response> {
  const { id, rid } = await params;
  try {
    await ensureStarted();
    const principal = await authenticate({
      channel: "dashboard",
      headers: req.headers,
      dashboardSession: await dashboardSessionFrom(req.headers),
    });
    if (principal.kind !== "user") throw new AppError("NOT_FOUND", "Screenshot not found");
    return jpegResponse((await serviceScreenshot(principal.userId, Number(id), Number(rid))).jpeg);
  } catch (err) {
    const status = err instanceof AppError ? err.status : 500;
    return new Response(err instanceof AppError ? err.message : "Internal server error", {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
