import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import pkg from "../../../package.json" with { type: "json" };
import { appRouter } from "./root";
import { restRoutes } from "./http/routes";
import { extraPaths } from "./openapi-extra";
import { documentIntegrationKinds } from "./openapi-integration-kinds";
import { documentServiceTypes } from "./openapi-service-types";
import type { ErrorFormat } from "./trpc";

/**
 * The OpenAPI 3 document of the whole REST interface, generated from the router's procedures and
 * corrected where the generator cannot know the contract: success statuses (201/202/204) and the
 * contract's error bodies instead of the library's own.
 */
export function openApiDocument(baseUrl: string): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: "Lifeline API",
    version: pkg.version,
    baseUrl,
    description: "Uptime and cron-job monitoring. All timestamps are UTC, `YYYY-MM-DDTHH:MM:SSZ`.",
    securitySchemes: {
      bearer: {
        type: "http",
        scheme: "bearer",
        description: "A user's JWT access token or an organization service token",
      },
    },
  });
  const components = (doc.components ??= {});
  components.schemas = { ...components.schemas, ...ERROR_SCHEMAS };
  for (const route of restRoutes(appRouter)) {
    const op = doc.paths?.[route.path]?.[route.method.toLowerCase() as "get"];
    if (!op) continue;
    const success = op.responses?.["200"];
    const status = route.meta.successStatus ?? 200;
    const responses: Record<string, unknown> = {};
    if (status === 204) responses["204"] = { description: "No content" };
    else responses[String(status)] = success;
    for (const other of route.meta.alsoSucceedsWith ?? []) responses[String(other)] = success;
    const format: ErrorFormat = route.meta.errorFormat ?? "standard";
    for (const [code, description] of errorStatuses(route.meta.openapi?.protect === true)) {
      // Assignment routes answer only their 400s as `{error: "<text>"}`; the rest as project routes.
      const ref = format === "assignment" && code !== "400" ? ERROR_REF.project : ERROR_REF[format];
      responses[code] = {
        description,
        content: { "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } },
      };
    }
    if (route.meta.scheduleErrors) {
      const oneOf = [
        { $ref: `#/components/schemas/${ERROR_REF[format]}` },
        { $ref: "#/components/schemas/ScheduleError" },
      ];
      responses["400"] = {
        description: "Invalid input, or an invalid schedule (schedule error body)",
        content: { "application/json": { schema: { oneOf } } },
      };
    }
    if (route.meta.throttled) {
      responses["429"] = {
        description: "A limit is used up (docs/limits.md); retry after Retry-After seconds",
        headers: { "Retry-After": { schema: { type: "integer" } } },
        content: { "application/json": { schema: { $ref: `#/components/schemas/${ERROR_REF.standard}` } } },
      };
    }
    if (route.meta.optionalAuth) {
      (op as { security?: unknown }).security = [{}, { bearer: [] }];
      responses["401"] = {
        description: "Credentials were sent but are invalid (send none for the public answer)",
        content: { "application/json": { schema: { $ref: `#/components/schemas/${ERROR_REF.standard}` } } },
      };
    }
    if (route.meta.conflict) {
      responses["409"] = {
        description: route.meta.conflict,
        content: { "application/json": { schema: { $ref: `#/components/schemas/${ERROR_REF.standard}` } } },
      };
    }
    op.responses = responses as typeof op.responses;
    if (route.method === "DELETE") documentDeleteBody(op);
  }
  Object.assign((doc.paths ??= {}), extraPaths());
  documentIntegrationKinds(doc);
  documentServiceTypes(doc);
  return doc;
}

/**
 * The REST wrapper reads a DELETE's JSON body as its query parameters (e.g. `unassign_services`
 * `{service_ids: [...]}`): the document offers the same fields as an optional JSON body too.
 */
function documentDeleteBody(op: { parameters?: unknown[]; requestBody?: unknown }) {
  const query = (op.parameters ?? []).filter((p): p is QueryParam => (p as QueryParam).in === "query");
  if (query.length === 0) return;
  op.requestBody = {
    required: false,
    description: "The query parameters may be sent instead as a JSON body",
    content: {
      "application/json": {
        schema: {
          type: "object",
          properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
          required: query.filter((p) => p.required).map((p) => p.name),
        },
      },
    },
  };
}

type QueryParam = { in: string; name: string; schema: unknown; required?: boolean };

function errorStatuses(authenticated: boolean): [string, string][] {
  const list: [string, string][] = [["400", "Invalid input"]];
  if (authenticated) list.push(["401", "Missing or invalid credentials"], ["403", "Insufficient permissions"]);
  list.push(["404", "Not found"], ["500", "Internal error; quote the request_id"]);
  return list;
}

const ERROR_REF: Record<ErrorFormat, string> = {
  standard: "Error",
  project: "ProjectError",
  assignment: "AssignmentError",
};

type Schemas = NonNullable<NonNullable<OpenAPIObject["components"]>["schemas"]>;

const ERROR_SCHEMAS: Schemas = {
  Error: {
    type: "object",
    required: ["error", "timestamp", "path", "request_id"],
    properties: {
      error: {
        type: "object",
        required: ["code", "message"],
        properties: {
          code: { type: "string", example: "VALIDATION_ERROR" },
          message: { type: "string" },
          details: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
        },
      },
      timestamp: { type: "string", example: "2026-11-22T10:00:00Z" },
      path: { type: "string" },
      request_id: { type: "string", format: "uuid" },
    },
  },
  ProjectError: {
    type: "object",
    required: ["error"],
    properties: {
      error: {
        type: "object",
        required: ["message"],
        properties: {
          message: { type: "string" },
          details: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
        },
      },
    },
  },
  AssignmentError: { type: "object", required: ["error"], properties: { error: { type: "string" } } },
  ScheduleError: {
    type: "object",
    required: ["error", "code", "message", "field"],
    properties: {
      error: { type: "string", enum: ["invalid_schedule"] },
      code: {
        type: "string",
        enum: [
          "invalid_cron_syntax",
          "unresolvable_schedule",
          "unknown_timezone",
          "invalid_field_type",
          "schedule_conflict",
        ],
      },
      message: { type: "string" },
      field: { type: ["string", "null"] },
    },
  },
} as Schemas;
