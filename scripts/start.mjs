#!/usr/bin/env node
// `npm start`: Lifeline on the embedded default, from a fresh clone. Installs the npm packages if
// they are missing, builds the web app if the build is missing or older than the sources, then
// hands over to scripts/serve.ts (database migrated, web app and background workers together).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

export function newestMtime(entries) {
  let newest = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      if (p.endsWith("generated")) return;
      for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  entries.forEach(walk);
  return newest;
}

if (!fs.existsSync("node_modules/.package-lock.json")) {
  console.log("[lifeline] installing npm packages (first start)...");
  run("npm", ["install", "--no-audit", "--no-fund"]);
}
const buildId = ".next/BUILD_ID";
const sources = ["src", "public", "next.config.mjs", "package-lock.json", "tsconfig.json"];
if (!fs.existsSync(buildId) || newestMtime(sources) > fs.statSync(buildId).mtimeMs) {
  console.log("[lifeline] building the web app...");
  run(process.execPath, ["node_modules/next/dist/bin/next", "build"]);
}
// `node --import tsx`, not tsx's CLI (which runs the script in a grandchild and turns a slow SIGTERM
// hand-over into a SIGKILL): the child is the server process itself, the one holding the port.
const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: process.env,
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
