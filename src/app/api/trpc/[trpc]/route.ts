import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "../../../../server/api/root";
import { createContext } from "../../../../server/api/context";
import { dashboardSessionFrom } from "../../../../server/auth/next-auth";
import { ensureStarted } from "../../../../server/startup";

export const dynamic = "force-dynamic";

/** The dashboard's face of the router: same procedures, authenticated by the next-auth session. */
async function handler(req: Request): Promise<Response> {
  await ensureStarted();
  const dashboardSession = await dashboardSessionFrom(req.headers);
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createContext({ headers: req.headers, channel: "dashboard", dashboardSession }),
  });
}

export { handler as GET, handler as POST };
