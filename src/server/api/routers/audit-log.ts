import { auditLogPage, auditLogQuery } from "../../../shared/schemas/audit-log";
import { listAuditLog } from "../../services/audit/read";
import { orgProcedure, router } from "../trpc";

export const auditLogRouter = router({
  list: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/audit-log",
        tags: ["Organizations"],
        summary:
          "Who changed what in the organization, and its members' sign-ins, newest first (owners, admins, tokens with audit.read); kept as long as the plan says",
        protect: true,
      },
      capability: "audit.read",
    })
    .input(auditLogQuery)
    .output(auditLogPage)
    .query(({ ctx, input }) => listAuditLog(ctx.org, input)),
});
