import { TRPCError } from "@trpc/server";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { appRouter } from "../root";
import { createContext, type Context } from "../context";

/**
 * trpc-to-openapi's fetch adapter, with its handler (and the route table it builds for every
 * procedure) made once per process instead of once per request. The adapter's own
 * `createOpenApiFetchHandler` rebuilds both on every call; this file keeps its request and response
 * shims and passes the per-request state through a WeakMap keyed by the request.
 */
type Call = { requestId: string; headers: Headers; ctx: Context | null; failure: unknown };

const calls = new WeakMap<object, Call>();

type ShimRequest = Request & { query?: unknown };
type ShimResponse = {
  statusCode: number | undefined;
  setHeader(key: string, value: string | string[]): void;
  end(body?: string): void;
};

let handler: ((req: ShimRequest, res: ShimResponse) => Promise<void>) | null = null;

function openApiHandler() {
  handler ??= createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext: ({ req }: { req: object }) => {
      const call = calls.get(req)!;
      call.ctx = createContext({ headers: call.headers, channel: "rest", requestId: call.requestId });
      return call.ctx;
    },
    onError: ({ error, req }: { error: unknown; req: object }) => {
      const call = calls.get(req);
      if (call) call.failure = error;
    },
    responseMeta: ({ errors, ctx }: { errors: unknown[]; ctx?: Context }) =>
      errors.length ? {} : { status: ctx?.response.status ?? 200, headers: ctx?.response.headers ?? {} },
  } as never) as unknown as (req: ShimRequest, res: ShimResponse) => Promise<void>;
  return handler;
}

/** A JSON body as the handler parsed it, or why it could not. */
export type ParsedBody = { ok: true; data: unknown } | { ok: false; cause: unknown };

/**
 * Answers a REST request (URL already without `endpoint`'s prefix handling) and reports any failure.
 * `body`: the request's body as the handler read it (null: a method whose input is its query).
 */
export async function callOpenApi(
  req: Request,
  body: ParsedBody | null,
  endpoint: string,
  state: { requestId: string; headers: Headers },
): Promise<{ response: Response; failure: unknown }> {
  const url = new URL(req.url.replace(endpoint, ""));
  const proxy = requestProxy(req, url.toString(), body);
  const call: Call = { ...state, ctx: null, failure: null };
  calls.set(proxy, call);
  const response = await new Promise<Response>((resolve) => {
    const headers = new Headers();
    let statusCode: number | undefined;
    const res: ShimResponse = {
      setHeader: (key, value) => {
        if (typeof value === "string") headers.set(key, value);
        else for (const v of value) headers.append(key, v);
      },
      get statusCode() {
        return statusCode;
      },
      set statusCode(code) {
        statusCode = code;
      },
      end: (body) => resolve(new Response(body, { headers, status: statusCode })),
    };
    void openApiHandler()(proxy, res);
  });
  return { response, failure: call.failure };
}

/** The request as the Node handler reads it: `url` without the prefix, `body` already parsed (none: undefined). */
function requestProxy(req: Request, url: string, body: ParsedBody | null): ShimRequest {
  return new Proxy(req, {
    get: (target, prop) => {
      if (prop === "url") return url;
      if (prop === "body") {
        if (!body) return undefined;
        if (!body.ok)
          throw new TRPCError({ code: "PARSE_ERROR", message: "Failed to parse request body", cause: body.cause });
        return body.data;
      }
      return (target as unknown as Record<string | symbol, unknown>)[prop];
    },
  }) as ShimRequest;
}
