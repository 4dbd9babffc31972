/** Liveness for load balancers and process managers: answers `OK` without touching the database. */
export const dynamic = "force-dynamic";

export function GET(): Response {
  return new Response("OK", { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
