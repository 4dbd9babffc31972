/**
 * Paths of the REST interface that are not tRPC procedures (decisions 1): the document itself,
 * and, as they land, the ping endpoint and the run log.
 */
export function extraPaths(): Record<string, unknown> {
  return {
    "/openapi.json": {
      get: {
        tags: ["System"],
        summary: "This OpenAPI document",
        operationId: "openapi",
        responses: { "200": { description: "OpenAPI 3 document", content: { "application/json": { schema: { type: "object" } } } } },
      },
    },
  };
}
