import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext, type TestInfo } from "@playwright/test";

const run = promisify(execFile);

/** The slug of the caller's active (default) organization. */
export async function orgSlug(request: APIRequestContext, access: string): Promise<string> {
  const res = await request.get("/api/v1/orgs/current", { headers: { Authorization: `Bearer ${access}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { slug: string } }).data.slug;
}

/**
 * The database of the server this test's project talks to, as the operator's CLI needs it: the
 * SQLite server's DATA_DIR (playwright.config.ts), or the PostgreSQL server's URL when its web server
 * says where it is (`database-url` in its DATA_DIR, or E2E_PG_DATABASE_URL). null when unknown.
 */
function serverDatabase(info: TestInfo): Record<string, string> | null {
  if (info.project.name !== "chromium-pg")
    return process.env.E2E_DATA_DIR ? { DATA_DIR: process.env.E2E_DATA_DIR } : null;
  const file = process.env.E2E_PG_DATA_DIR ? path.join(process.env.E2E_PG_DATA_DIR, "database-url") : null;
  const url =
    process.env.E2E_PG_DATABASE_URL ?? (file && fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : null);
  return url ? { DATA_DIR: process.env.E2E_PG_DATA_DIR ?? "", DATABASE_URL: url } : null;
}

/**
 * Sets an organization's plan the way an operator does (`npm run admin -- org:plan <slug> <plan>`,
 * no endpoint changes plans). Skips the test when this project's database cannot be reached.
 */
export async function setPlan(
  request: APIRequestContext,
  access: string,
  plan: string,
  serverDataDir?: string,
): Promise<void> {
  const info = test.info();
  const database = serverDataDir ? { DATA_DIR: serverDataDir } : serverDatabase(info);
  test.skip(
    database === null,
    `the plan of ${info.project.name}'s server cannot be set: its database URL is not known to the test`,
  );
  const slug = await orgSlug(request, access);
  const env: Record<string, string | undefined> = { ...process.env, ...database! };
  if (!database!.DATABASE_URL) delete env.DATABASE_URL;
  const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/admin.ts", "org:plan", slug, plan], {
    env: env as NodeJS.ProcessEnv,
    timeout: 60_000,
  });
  expect(stdout).toContain(`is now on the ${plan} plan`);
}
