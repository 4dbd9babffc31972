import fs from "node:fs/promises";
import path from "node:path";

/**
 * `GET /cli/lifeline-run.sh`: the wrapper for cron hosts (cli/lifeline-run.sh in the repository,
 * served as it is), so a host installs it with one curl line. Public: it holds no secret.
 */
export const dynamic = "force-dynamic";

let script: Promise<Buffer> | null = null;

export async function GET(): Promise<Response> {
  script ??= fs.readFile(path.join(process.cwd(), "cli", "lifeline-run.sh"));
  const body = await script;
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": 'inline; filename="lifeline-run"',
      "Cache-Control": "public, max-age=300",
    },
  });
}
