import { env } from "../../../env";
import { openApiDocument } from "../openapi";

/** REST answers that are not tRPC procedures, matched before the procedures. */
export type RawRoute = {
  method: string;
  pattern: RegExp;
  handle: (req: Request, match: RegExpExecArray) => Promise<Response> | Response;
};

let cachedDocument: string | null = null;

export const rawRoutes: RawRoute[] = [
  {
    method: "GET",
    pattern: /^\/openapi\.json$/,
    handle: () => {
      cachedDocument ??= JSON.stringify(openApiDocument(`${env().appUrl}/api/v1`));
      return new Response(cachedDocument, { headers: { "Content-Type": "application/json" } });
    },
  },
];
