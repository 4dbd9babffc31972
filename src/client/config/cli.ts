import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parse } from "yaml";
import { documentYaml } from "./yaml";
import { lifelineClient } from "..";
import { exportDocument, formatPlan, planDocument } from "./plan";
import { applyPlan, readRemote, type Clients } from "./remote";

/**
 * `lifeline export | plan -f FILE [--prune] | apply -f FILE [--prune]` (docs/config-as-code.md).
 * Exit codes: 0 done (plan: no change), 2 plan: changes to make, 1 refused or failed, 64 usage.
 */
export type Io = { out(text: string): void; err(text: string): void; env: Record<string, string | undefined> };

const USAGE = `Usage: lifeline export                      the organization's document on standard output
       lifeline plan -f FILE [--prune]       what apply would change (exit 0: nothing, 2: changes)
       lifeline apply -f FILE [--prune]      make the organization match the document

Environment: LIFELINE_URL, LIFELINE_TOKEN (an organization service token), LIFELINE_REFRESH_TOKEN
(a user's refresh token, for their projects and services; refresh tokens rotate, so give
LIFELINE_REFRESH_TOKEN_FILE, a file holding it that each run rewrites), LIFELINE_ORG (the
organization's slug)
`;

export async function run(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  const prune = rest.includes("--prune");
  const fileAt = rest.findIndex((a) => a === "-f" || a === "--file");
  const file = fileAt >= 0 ? rest[fileAt + 1] : undefined;
  if (!command || !["export", "plan", "apply"].includes(command) || (command !== "export" && !file)) {
    io.err(USAGE);
    return 64;
  }
  const { env } = io;
  const tokenFile = env.LIFELINE_REFRESH_TOKEN_FILE;
  const refreshToken =
    tokenFile && existsSync(tokenFile) ? readFileSync(tokenFile, "utf8").trim() : env.LIFELINE_REFRESH_TOKEN;
  if (!env.LIFELINE_URL || (!env.LIFELINE_TOKEN && !refreshToken)) {
    io.err("Set LIFELINE_URL and LIFELINE_TOKEN or LIFELINE_REFRESH_TOKEN[_FILE] (or both).\n");
    return 64;
  }
  const common = { url: env.LIFELINE_URL, orgSlug: env.LIFELINE_ORG || undefined };
  const clients: Clients = {
    org: env.LIFELINE_TOKEN ? lifelineClient({ ...common, token: env.LIFELINE_TOKEN }) : undefined,
    user: refreshToken
      ? lifelineClient({
          ...common,
          refreshToken,
          // Refresh tokens rotate: the new one replaces the file's, for the next run.
          onRefreshToken: (t) => tokenFile && writeFileSync(tokenFile, `${t}\n`, { mode: 0o600 }),
        })
      : undefined,
  };
  const { state, errors: readErrors } = await readRemote(clients);

  if (command === "export") {
    const { document, errors } = exportDocument(state);
    if (errors.length) {
      io.err(`Cannot export:\n${errors.map((e) => `  ${e}`).join("\n")}\n`);
      return 1;
    }
    for (const e of readErrors) io.err(`left out: ${e}\n`);
    io.out(documentYaml(document));
    return 0;
  }

  let input: unknown;
  try {
    input = parse(readFileSync(file!, "utf8"));
  } catch (e) {
    io.err(`${file}: ${(e as Error).message}\n`);
    return 1;
  }
  const plan = planDocument(input, state, env, { prune, file });
  const text = formatPlan(plan);
  if (plan.errors.length) {
    io.err(text);
    return 1;
  }
  io.out(text);
  if (command === "plan") return plan.actions.length ? 2 : 0;
  if (plan.actions.length === 0) return 0;
  const { errors } = await applyPlan(plan.actions, state, clients, env, (line) => io.out(`${line}\n`));
  if (errors.length) {
    io.err(`Not applied:\n${errors.map((e) => `  ${e}`).join("\n")}\n`);
    return 1;
  }
  io.out("Applied.\n");
  return 0;
}
