/**
 * Paths of the REST interface that are not tRPC procedures (decisions 1): the document itself, the
 * public ping endpoint (also served at `{ping_base_url}/<token>`) and the plain-text run log.
 */
const pingHeaders = {
  "Ping-Body-Limit": {
    description: "The largest body stored as the run log, in bytes",
    schema: { type: "integer", example: 102400 },
  },
  "Cache-Control": { schema: { type: "string", example: "no-store" } },
};

const pingResponses = (success: string) => ({
  [success]:
    success === "204"
      ? { description: "Ping accepted (HEAD)", headers: pingHeaders }
      : {
          description: "Ping accepted",
          headers: pingHeaders,
          content: { "text/plain": { schema: { type: "string", enum: ["OK"] } } },
        },
  "400": {
    description: "Not one of the five path forms, or a rid that is not a UUID",
    content: { "text/plain": { schema: { type: "string" } } },
  },
  "404": { description: "Unknown or revoked token (no body)" },
  "429": {
    description: "More than 5 pings in a sliding minute for this monitor; the ping is dropped (no body)",
    headers: { "Retry-After": { schema: { type: "integer" } } },
  },
});

const pingOperation = (summary: string, withSuffix: boolean) => {
  const parameters = [
    {
      name: "token",
      in: "path",
      required: true,
      schema: { type: "string", minLength: 43, maxLength: 43 },
      description: "The monitor's ping token",
    },
    ...(withSuffix
      ? [
          {
            name: "suffix",
            in: "path",
            required: true,
            schema: { type: "string", pattern: "^(start|fail|log|[0-9]{1,3})$" },
            description: "`start`, `fail`, `log` or an exit code 0-255 (0 is success)",
          },
        ]
      : []),
    {
      name: "rid",
      in: "query",
      required: false,
      schema: { type: "string", format: "uuid" },
      description: "Run-correlation id pairing /start with its completion",
    },
  ];
  const body = {
    required: false,
    content: { "text/plain": { schema: { type: "string", maxLength: 102400 } } },
    description:
      "Stored verbatim as the run log (UTF-8; NUL and invalid UTF-8 are stored as U+FFFD), cut at 102400 bytes",
  };
  return {
    get: {
      tags: ["Pings"],
      summary,
      operationId: `ping${withSuffix ? "Suffix" : ""}Get`,
      parameters,
      security: [],
      responses: pingResponses("200"),
    },
    post: {
      tags: ["Pings"],
      summary,
      operationId: `ping${withSuffix ? "Suffix" : ""}Post`,
      parameters,
      security: [],
      requestBody: body,
      responses: pingResponses("200"),
    },
    head: {
      tags: ["Pings"],
      summary,
      operationId: `ping${withSuffix ? "Suffix" : ""}Head`,
      parameters,
      security: [],
      responses: pingResponses("204"),
    },
  };
};

export function extraPaths(): Record<string, unknown> {
  return {
    "/openapi.json": {
      get: {
        tags: ["System"],
        summary: "This OpenAPI document",
        operationId: "openapi",
        responses: {
          "200": { description: "OpenAPI 3 document", content: { "application/json": { schema: { type: "object" } } } },
        },
      },
    },
    "/config/schema.json": {
      get: {
        tags: ["System"],
        summary: "The JSON Schema of a Lifeline document (lifeline export / plan / apply, docs/config-as-code.md)",
        operationId: "configSchema",
        security: [],
        responses: {
          "200": {
            description: "JSON Schema 2020-12",
            content: { "application/schema+json": { schema: { type: "object" } } },
          },
        },
      },
    },
    "/ping/{token}": pingOperation("Report a success (the token is the only credential)", false),
    "/ping/{token}/{suffix}": pingOperation("Report a start, a failure, a log note or an exit code", true),
    "/cron-monitors/{id}/runs/{rid}/log": {
      get: {
        tags: ["Cron runs"],
        summary: "The run's log as plain text: /log notes in order, then the captured output",
        operationId: "cronRuns-log",
        security: [{ bearer: [] }],
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "integer" } },
          { name: "rid", in: "path", required: true, schema: { type: "string" } },
        ],
        responses: {
          "200": {
            description: "The raw log (empty with X-Log-Bytes 0 when there is none)",
            headers: {
              "X-Log-Bytes": { schema: { type: "integer" }, description: "Total captured bytes; 0 means none" },
              "X-Log-Truncated": { schema: { type: "string", enum: ["true", "false"] } },
              "Ping-Body-Limit": { schema: { type: "integer", example: 102400 } },
              "Cache-Control": { schema: { type: "string", example: "private, no-store" } },
            },
            content: { "text/plain; charset=utf-8": { schema: { type: "string" } } },
          },
          "401": {
            description: "Missing or invalid credentials",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
          "403": {
            description: "Needs cronmonitor.view",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
          "404": {
            description: "No such run, or its monitor is not in the active organization",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
        },
      },
    },
    "/services/{id}/screenshots/{result_id}": {
      get: {
        tags: ["Services"],
        summary: "A failed browser run's screenshot (JPEG; the latest 5 failed runs of a service keep one)",
        operationId: "services-screenshot",
        security: [{ bearer: [] }],
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "integer" } },
          {
            name: "result_id",
            in: "path",
            required: true,
            schema: { type: "integer" },
            description: "The failed result's id (GET /services/{id}/errors: an error with screenshot true)",
          },
        ],
        responses: {
          "200": {
            description: "The viewport as JPEG, at most 200 KB",
            content: { "image/jpeg": { schema: { type: "string", format: "binary" } } },
          },
          "401": {
            description: "Missing or invalid credentials",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
          "404": {
            description: "Another account's service, or no screenshot kept for this result",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
        },
      },
    },
    "/metrics": {
      get: {
        tags: ["System"],
        summary: "The active organization's monitors and services for Prometheus (docs/api-metrics.md)",
        operationId: "orgMetrics",
        security: [{ bearer: [] }],
        responses: {
          "200": {
            description: "Prometheus text format; OpenMetrics 1.0 when Accept names application/openmetrics-text",
            content: {
              "text/plain; version=0.0.4; charset=utf-8": { schema: { type: "string" } },
              "application/openmetrics-text; version=1.0.0; charset=utf-8": { schema: { type: "string" } },
            },
          },
          "401": {
            description: "Missing or invalid credentials",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
          "403": {
            description: "Needs metrics.read",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
        },
      },
    },
  };
}
