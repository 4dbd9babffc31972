import { z } from "zod";
import { envelope } from "../../../shared/schemas/common";
import { text } from "../../../shared/schemas/text";
import { serviceTypeDetail, serviceTypeSummary } from "../../../shared/schemas/services";
import * as types from "../../services/uptime/service-types";
import { router, userProcedure } from "../trpc";

const tags = ["Services"];
const typeParam = z.object({ type: text().min(1).max(32) });

export const serviceTypesRouter = router({
  list: userProcedure
    .meta({ openapi: { method: "GET", path: "/service-types", tags, summary: "The service types", protect: true } })
    .input(z.void())
    .output(envelope(z.array(serviceTypeSummary)))
    .query(() => ({ data: types.listServiceTypes() })),

  get: userProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/service-types/{type}",
        tags,
        summary: "A service type: required fields and defaults",
        protect: true,
      },
    })
    .input(typeParam)
    .output(envelope(serviceTypeDetail))
    .query(({ input }) => ({ data: types.serviceTypeDetail(input.type) })),

  schema: userProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/service-types/{type}/schema",
        tags,
        summary: "JSON Schema (2020-12) of the type's config",
        protect: true,
      },
    })
    .input(typeParam)
    .output(envelope(z.record(z.string(), z.unknown())))
    .query(({ input }) => ({ data: types.serviceTypeSchema(input.type) })),
});
