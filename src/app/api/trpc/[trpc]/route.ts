import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { AppError } from "../../../../shared/errors";
import { appRouter } from "../../../../server/api/root";
import { createContext } from "../../../../server/api/context";
import { readBodyLimited } from "../../../../server/api/http/body-limit";
import { procedureInputSchema } from "../../../../server/api/http/strict-json";
import { trpcStatusOf } from "../../../../server/api/trpc-errors";
import { dashboardSessionFrom } from "../../../../server/auth/next-auth";
import { ensureStarted } from "../../../../server/startup";

export const dynamic = "force-dynamic";

/** The dashboard's face of the router: same procedures, authenticated by the next-auth session. */
async function handler(req: Request): Promise<Response> {
  const limited = await withBodyLimit(req);
  if (limited instanceof Response) return limited;
  await ensureStarted();
  const dashboardSession = await dashboardSessionFrom(limited.headers);
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: limited,
    router: appRouter,
    createContext: () =>
      createContext({
        headers: limited.headers,
        channel: "dashboard",
        dashboardSession,
        inputSchemaOf: (path) => procedureInputSchema(appRouter, path),
      }),
  });
}

/** The body read under the 1 MiB cap (body-limit.ts), or a 413 in tRPC's error shape. */
async function withBodyLimit(req: Request): Promise<Request | Response> {
  if (req.method !== "POST") return req;
  const body = await readBodyLimited(req);
  if (!(body instanceof AppError)) return new Request(req.url, { method: "POST", headers: req.headers, body: new Uint8Array(body) });
  const s = trpcStatusOf(body.code);
  const error = { message: body.message, code: s.code, data: { code: s.key, httpStatus: s.httpStatus, appCode: body.code } };
  return Response.json({ error }, { status: s.httpStatus });
}

export { handler as GET, handler as POST };
