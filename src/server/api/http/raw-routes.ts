import { env } from "../../../env";
import { openApiDocument } from "../openapi";
import { documentJsonSchema } from "../../../client/config/json-schema";
import { handlePing } from "../../ping/handler";
import { processPingStore } from "../../ping/store";
import { runLogResponse } from "./run-log";
import { orgMetricsResponse } from "./org-metrics-route";
import { screenshotResponse } from "./screenshot-route";

/** REST answers that are not tRPC procedures, matched before the procedures. */
export type RawRoute = {
  method: string;
  pattern: RegExp;
  /** The path template, the `route` label of the REST request metrics. */
  route: string;
  handle: (req: Request, match: RegExpExecArray) => Promise<Response> | Response;
};

let cachedDocument: string | null = null;
let cachedConfigSchema: string | null = null;

export const rawRoutes: RawRoute[] = [
  {
    method: "*",
    pattern: /^\/ping(\/.*)$/,
    route: "/ping/{token}",
    handle: (req, match) => handlePing(req, match[1]!, processPingStore()),
  },
  {
    method: "GET",
    pattern: /^\/cron-monitors\/([^/]+)\/runs\/([^/]+)\/log$/,
    route: "/cron-monitors/{id}/runs/{rid}/log",
    handle: (req, match) => runLogResponse(req, match[1]!, match[2]!),
  },
  {
    method: "GET",
    pattern: /^\/services\/([^/]+)\/screenshots\/([^/]+)$/,
    route: "/services/{id}/screenshots/{result_id}",
    handle: (req, match) => screenshotResponse(req, match[1]!, match[2]!),
  },
  { method: "GET", pattern: /^\/metrics$/, route: "/metrics", handle: (req) => orgMetricsResponse(req) },
  {
    method: "GET",
    pattern: /^\/openapi\.json$/,
    route: "/openapi.json",
    handle: () => {
      cachedDocument ??= JSON.stringify(openApiDocument(`${env().appUrl}/api/v1`));
      return new Response(cachedDocument, { headers: { "Content-Type": "application/json" } });
    },
  },
  {
    method: "GET",
    pattern: /^\/config\/schema\.json$/,
    route: "/config/schema.json",
    handle: () => {
      cachedConfigSchema ??= JSON.stringify(documentJsonSchema());
      return new Response(cachedConfigSchema, { headers: { "Content-Type": "application/schema+json" } });
    },
  },
];
