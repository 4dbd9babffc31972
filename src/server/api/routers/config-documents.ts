import { z } from "zod";
import { parse } from "yaml";
import { lifelineClient } from "../../../client";
import { documentYaml } from "../../../client/config/yaml";
import { exportDocument, formatPlan, planDocument } from "../../../client/config/plan";
import { applyPlan, readRemote, type Clients } from "../../../client/config/remote";
import { env } from "../../../env";
import { AppError } from "../../../shared/errors";
import { text } from "../../../shared/schemas/text";
import { sessionAccessToken } from "../../services/config-documents/session-access";
import { restInProcess } from "../http/in-process";
import { router, userProcedure } from "../trpc";

/**
 * The dashboard's "Export" and "Import (preview, then apply)" (docs/config-as-code.md): the CLI's
 * export, plan and apply, run here over the REST interface in process as the signed-in user, in the
 * organization the dashboard shows. Dashboard-only (REST clients run the CLI). The variables a
 * document's `${env:NAME}` references name come from the form, never from the server's environment.
 */
const documentInput = z
  .object({
    document: text().max(1_000_000),
    prune: z.boolean().optional(),
    variables: z.record(text().max(128), text().max(4096)).optional(),
  })
  .strict();

const planOutput = z.object({ text: z.string(), errors: z.array(z.string()), changes: z.number().int() });

async function clientsFor(ctx: { user: { userId: number; sessionId: string }; headers: Headers }): Promise<Clients> {
  const token = await sessionAccessToken(ctx.user);
  const user = lifelineClient({
    url: env().appUrl,
    token,
    orgSlug: ctx.headers.get("x-org-slug") ?? undefined,
    fetch: (req) => restInProcess(req as Request),
  });
  return { user };
}

function parseDocument(document: string): unknown {
  try {
    return parse(document);
  } catch (e) {
    throw new AppError("VALIDATION_ERROR", "The document is not YAML", { document: [(e as Error).message] });
  }
}

export const configDocumentsRouter = router({
  exportDocument: userProcedure
    .input(z.object({}).strict())
    .output(z.object({ document: z.string(), errors: z.array(z.string()) }))
    .query(async ({ ctx }) => {
      const { state } = await readRemote(await clientsFor(ctx));
      const { document, errors } = exportDocument(state);
      return { document: errors.length ? "" : documentYaml(document), errors };
    }),
  planDocument: userProcedure
    .input(documentInput)
    .output(planOutput)
    .mutation(async ({ ctx, input }) => {
      const { state } = await readRemote(await clientsFor(ctx));
      const plan = planDocument(parseDocument(input.document), state, input.variables ?? {}, {
        prune: input.prune,
        file: "document",
      });
      return { text: formatPlan(plan), errors: plan.errors, changes: plan.actions.length };
    }),
  applyDocument: userProcedure
    .input(documentInput)
    .output(planOutput)
    .mutation(async ({ ctx, input }) => {
      const clients = await clientsFor(ctx);
      const { state } = await readRemote(clients);
      const variables = input.variables ?? {};
      const plan = planDocument(parseDocument(input.document), state, variables, {
        prune: input.prune,
        file: "document",
      });
      if (plan.errors.length) return { text: formatPlan(plan), errors: plan.errors, changes: 0 };
      const lines: string[] = [];
      const { errors } = await applyPlan(plan.actions, state, clients, variables, (l) => lines.push(l));
      const done =
        plan.actions.length === 0 ? formatPlan(plan) : `${lines.join("\n")}\n${errors.length ? "" : "Applied.\n"}`;
      return { text: done, errors, changes: plan.actions.length };
    }),
});
