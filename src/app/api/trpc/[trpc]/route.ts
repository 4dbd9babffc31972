import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { AppError } from "../../../../shared/errors";
import { appRouter } from "../../../../server/api/root";
import { createContext } from "../../../../server/api/context";
import { readBodyLimited } from "../../../../server/api/http/body-limit";
import { classify, logUnexpected } from "../../../../server/api/http/errors";
import { procedureInputSchema } from "../../../../server/api/http/strict-json";
import { trpcStatusOf } from "../../../../server/api/trpc-errors";
import { dashboardSessionFrom } from "../../../../server/api/next-auth";
import { ensureStarted } from "../../../../server/startup";
import { LIMITS } from "../../../../server/limits/rules";
import { handleRest } from "../../../../server/api/http/rest-handler";
import { serveRestInProcess } from "../../../../server/api/http/in-process";

export const dynamic = "force-dynamic";

// The dashboard's Export and Import call the REST interface in process (routers/config-documents.ts).
serveRestInProcess((req) => handleRest(req, ensureStarted));

/** The dashboard's face of the router: same procedures, authenticated by the next-auth session. */
async function handler(req: Request): Promise<Response> {
  const requestId = crypto.randomUUID();
  try {
    const limited = await withBodyLimit(req);
    if (limited instanceof Response) return limited;
    await ensureStarted();
    const dashboardSession = await dashboardSessionFrom(limited.headers);
    const context = createContext({
      headers: limited.headers,
      channel: "dashboard",
      requestId,
      dashboardSession,
      inputSchemaOf: (path) => procedureInputSchema(appRouter, path),
    });
    return await fetchRequestHandler({
      endpoint: "/api/trpc",
      req: limited,
      router: appRouter,
      createContext: () => context,
      // More calls in one batch: 400 in tRPC's error format, before any of them runs.
      maxBatchSize: LIMITS.trpcBatch,
      // A limit's refusal (429) says when to retry, as on the REST face.
      responseMeta: ({ errors }) => {
        const wait = Math.max(
          0,
          ...errors.map((e) => (e.cause instanceof AppError ? (e.cause.retryAfterSeconds ?? 0) : 0)),
        );
        return { headers: { "X-Request-Id": requestId, ...(wait > 0 ? { "Retry-After": String(wait) } : {}) } };
      },
      onError: ({ error, path }) => {
        if (classify(error).code === "INTERNAL_ERROR" && error.code === "INTERNAL_SERVER_ERROR")
          logUnexpected(requestId, `/api/trpc/${path ?? ""}`, error);
      },
    });
  } catch (err) {
    // Start-up or the session read failed before tRPC could answer: the same body as its 5xx.
    logUnexpected(requestId, new URL(req.url).pathname, err);
    const s = trpcStatusOf("INTERNAL_ERROR");
    const error = {
      message: "Internal server error",
      code: s.code,
      data: { code: s.key, httpStatus: s.httpStatus, appCode: "INTERNAL_ERROR", request_id: requestId },
    };
    return Response.json({ error }, { status: s.httpStatus, headers: { "X-Request-Id": requestId } });
  }
}

/** The body read under the 1 MiB cap (body-limit.ts), or a 413 in tRPC's error shape. */
async function withBodyLimit(req: Request): Promise<Request | Response> {
  if (req.method !== "POST") return req;
  const body = await readBodyLimited(req);
  if (!(body instanceof AppError))
    return new Request(req.url, { method: "POST", headers: req.headers, body: new Uint8Array(body) });
  const s = trpcStatusOf(body.code);
  const error = {
    message: body.message,
    code: s.code,
    data: { code: s.key, httpStatus: s.httpStatus, appCode: body.code },
  };
  return Response.json({ error }, { status: s.httpStatus });
}

export { handler as GET, handler as POST };
