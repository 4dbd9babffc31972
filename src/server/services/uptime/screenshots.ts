import { notFound } from "../../../shared/errors";
import { db } from "../../db";

/**
 * A failed browser run's screenshot (JPEG), for the service's owner only: another account's service,
 * a result without one, or one pruned already (only the latest few are kept, checks/rules.ts) is 404.
 */
export async function serviceScreenshot(userId: number, serviceId: number, resultId: number) {
  const ok = (n: number) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647;
  if (!ok(serviceId) || !ok(resultId)) throw notFound("Screenshot");
  const service = await db().service.findFirst({ where: { id: serviceId, userId }, select: { id: true } });
  if (!service) throw notFound("Screenshot");
  const shot = await db().checkScreenshot.findFirst({ where: { resultId, serviceId } });
  if (!shot) throw notFound("Screenshot");
  return { jpeg: Buffer.from(shot.image), step: shot.step };
}

/** The latest kept screenshot of a service's failed runs, without the image (the service page shows it). */
export async function latestScreenshot(userId: number, serviceId: number) {
  const service = await db().service.findFirst({ where: { id: serviceId, userId }, select: { id: true } });
  if (!service) return null;
  return db().checkScreenshot.findFirst({
    where: { serviceId },
    orderBy: { resultId: "desc" },
    select: { resultId: true, step: true },
  });
}

/** The JPEG answer, private to its reader. */
export function jpegResponse(jpeg: Buffer): Response {
  return new Response(new Uint8Array(jpeg), {
    status: 200,
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(jpeg.length),
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
