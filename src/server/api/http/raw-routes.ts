import { env } from "../../../env";
import { openApiDocument } from "../openapi";
import { handlePing } from "../../ping/handler";
import { pingStore } from "../../ping/connection";
import { runLogResponse } from "./run-log";

/** REST answers that are not tRPC procedures, matched before the procedures. */
export type RawRoute = {
  method: string;
  pattern: RegExp;
  handle: (req: Request, match: RegExpExecArray) => Promise<Response> | Response;
};

let cachedDocument: string | null = null;

export const rawRoutes: RawRoute[] = [
  {
    method: "*",
    pattern: /^\/ping(\/.*)$/,
    handle: (req, match) => handlePing(req, match[1]!, pingStore()),
  },
  {
    method: "GET",
    pattern: /^\/cron-monitors\/([^/]+)\/runs\/([^/]+)\/log$/,
    handle: (req, match) => runLogResponse(req, match[1]!, match[2]!),
  },
  {
    method: "GET",
    pattern: /^\/openapi\.json$/,
    handle: () => {
      cachedDocument ??= JSON.stringify(openApiDocument(`${env().appUrl}/api/v1`));
      return new Response(cachedDocument, { headers: { "Content-Type": "application/json" } });
    },
  },
];
