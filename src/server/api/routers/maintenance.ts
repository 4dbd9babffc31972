import { z } from "zod";
import { envelope, idParam } from "../../../shared/schemas/common";
import {
  createMaintenanceInput,
  listMaintenanceInput,
  maintenanceWindow,
  patchMaintenanceInput,
} from "../../../shared/schemas/maintenance";
import * as windows from "../../services/maintenance/windows";
import { orgProcedure, router } from "../trpc";

const tags = ["Maintenance windows"];
const scopeOf = (ctx: { org: { id: number }; principal: { kind: string; userId?: number } }) => ({
  orgId: ctx.org.id,
  userId: ctx.principal.kind === "user" ? (ctx.principal.userId ?? null) : null,
});

/** Maintenance windows (docs/api-maintenance.md): the organization's, read by every role, changed by those who change monitors. */
export const maintenanceRouter = router({
  list: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/maintenance-windows",
        tags,
        summary: "The organization's maintenance windows (filters: active, upcoming)",
        protect: true,
      },
      capability: "cronmonitor.view",
    })
    .input(listMaintenanceInput)
    .output(envelope(z.array(maintenanceWindow)))
    .query(async ({ ctx, input }) => ({ data: await windows.listWindows(scopeOf(ctx), input) })),

  create: orgProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/maintenance-windows",
        tags,
        summary: "Schedule a maintenance window (one-off or recurring)",
        protect: true,
      },
      capability: "cronmonitor.create",
      successStatus: 201,
    })
    .input(createMaintenanceInput)
    .output(envelope(maintenanceWindow))
    .mutation(async ({ ctx, input }) => ({ data: await windows.createWindow(scopeOf(ctx), input) })),

  get: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/maintenance-windows/{id}",
        tags,
        summary: "Read a maintenance window",
        protect: true,
      },
      capability: "cronmonitor.view",
    })
    .input(z.object({ id: idParam }))
    .output(envelope(maintenanceWindow))
    .query(async ({ ctx, input }) => ({ data: await windows.getWindow(scopeOf(ctx), input.id) })),

  update: orgProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/maintenance-windows/{id}",
        tags,
        summary: "Change some fields of a maintenance window (targets: the whole new list)",
        protect: true,
      },
      capability: "cronmonitor.edit",
    })
    .input(patchMaintenanceInput)
    .output(envelope(maintenanceWindow))
    .mutation(async ({ ctx, input: { id, ...changes } }) => ({
      data: await windows.updateWindow(scopeOf(ctx), id, changes),
    })),

  delete: orgProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/maintenance-windows/{id}",
        tags,
        summary: "Delete a maintenance window (what it held is announced by the next sweep)",
        protect: true,
      },
      capability: "cronmonitor.delete",
      successStatus: 204,
    })
    .input(z.object({ id: idParam }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await windows.deleteWindow(scopeOf(ctx), input.id);
    }),
});
