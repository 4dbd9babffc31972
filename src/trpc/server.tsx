import { dehydrate, QueryClient, type FetchQueryOptions } from "@tanstack/react-query";
import { getErrorShape, getTRPCErrorFromUnknown } from "@trpc/server";
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { cookies, headers } from "next/headers";
import { cache, type ReactNode } from "react";
import { createContext, type Context } from "../server/api/context";
import { appRouter, type AppRouter } from "../server/api/root";
import { dashboardSessionFrom } from "../server/api/next-auth";
import { dashboardUser } from "../server/services/accounts/session-access";
import { ensureStarted } from "../server/startup";
import { ORG_COOKIE } from "./active-org";
import { Hydrate, type ServerQuery } from "./hydrate";

/** The procedures' options for the server render (same query keys as the browser's `useTRPC()`). */
export type ServerTRPC = TRPCOptionsProxy<AppRouter>;
// Each page's list mixes procedures; the keys and data types are checked where the options are made.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOptions = FetchQueryOptions<any, any, any, any>;
/**
 * What a page shows first: the query options to answer during the server render. `fetch` answers one
 * at once (kept for the browser too) when the next ones depend on it; it throws what the procedure throws.
 */
export type FirstScreen = (
  trpc: ServerTRPC,
  fetch: <O extends AnyOptions>(options: O) => Promise<DataOf<O>>,
) => AnyOptions[] | Promise<AnyOptions[]>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DataOf<O> = O extends { queryFn?: infer F } ? (F extends (...args: any[]) => infer R ? Awaited<R> : never) : never;

/**
 * The request's dashboard session (the next-auth cookie), decoded once per server render: the layout
 * and every Prefetch of the page ask for it, and each decoding derives the cookie's key anew.
 */
const renderSession = cache(async () => dashboardSessionFrom(await headers()));

/**
 * The dashboard's context for a server render: the same as a call to /api/trpc from this browser
 * (its next-auth session, and the organization of the org switcher's cookie as X-Org-Slug). Made
 * once per render and shared by its Prefetches (the navigation's and the page's).
 */
const dashboardContext = cache(async (): Promise<Context> => {
  await ensureStarted();
  const forwarded = new Headers(await headers());
  const slug = (await cookies()).get(ORG_COOKIE)?.value;
  forwarded.delete("x-org-slug");
  if (slug) forwarded.set("x-org-slug", slug);
  return createContext({
    headers: forwarded,
    channel: "dashboard",
    dashboardSession: await renderSession(),
  });
});

/**
 * The render's signed-in user (its email for the navigation), or null without a live session: the
 * session read of the render's context, so the layout and the page's procedures read it once.
 */
export const renderUser = cache(async () => (await dashboardUser(await dashboardContext())) ?? null);

/**
 * Answers the queries `first` names through the procedures during the server render and hands the
 * answers to the browser's query cache, so the first HTML carries the rows, figures and states and
 * the client does not ask again for what it was given. A refusal (not found, sign in) is handed over
 * as the error the browser would have received; a fault is left for the browser to ask again.
 */
export async function Prefetch({ first, children }: { first: FirstScreen; children: ReactNode }) {
  const ctx = await dashboardContext();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const trpc = createTRPCOptionsProxy<AppRouter>({ router: appRouter, ctx, queryClient });
  const ask = (options: AnyOptions) => queryClient.prefetchQuery(options);
  const fetch = <O extends AnyOptions>(options: O) => queryClient.fetchQuery(options) as Promise<DataOf<O>>;
  await Promise.all(
    (
      await Promise.resolve()
        .then(() => first(trpc, fetch))
        .catch(() => [])
    ).map(ask),
  );
  return <Hydrate queries={handOver(queryClient, ctx)}>{children}</Hydrate>;
}

/** The answered queries as plain data: as they would have come over HTTP (JSON), errors in tRPC's shape. */
function handOver(queryClient: QueryClient, ctx: Context): ServerQuery[] {
  const shapes = new Map<string, ServerQuery["error"]>();
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (q) => {
      if (q.state.status === "success") return true;
      if (q.state.status !== "error") return false;
      const shape = refusal(q.state.error, (q.queryKey[0] as string[]).join("."), ctx);
      if (shape) shapes.set(q.queryHash, shape);
      return shape !== null;
    },
  });
  return state.queries.map((q) => ({
    queryKey: JSON.parse(JSON.stringify(q.queryKey)),
    queryHash: q.queryHash,
    dehydratedAt: q.dehydratedAt ?? Date.now(),
    dataUpdatedAt: q.state.dataUpdatedAt,
    errorUpdatedAt: q.state.errorUpdatedAt,
    data: q.state.data === undefined ? undefined : JSON.parse(JSON.stringify(q.state.data)),
    error: shapes.get(q.queryHash) ?? null,
  }));
}

/**
 * The error body /api/trpc would answer (the router's errorFormatter) when it is a 4xx refusal (not
 * found, forbidden, invalid); null for a fault (5xx), which the browser asks again.
 */
function refusal(error: unknown, path: string, ctx: Context): ServerQuery["error"] {
  const shape = getErrorShape({
    config: appRouter._def._config,
    error: getTRPCErrorFromUnknown(error),
    type: "query",
    path,
    input: undefined,
    ctx,
  });
  const status = (shape.data as { httpStatus?: number }).httpStatus ?? 500;
  return status >= 400 && status < 500 ? (JSON.parse(JSON.stringify(shape)) as ServerQuery["error"]) : null;
}
