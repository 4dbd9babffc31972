#!/usr/bin/env node
// lifeline: monitoring as code (docs/config-as-code.md).
//
//   lifeline export | plan -f FILE [--prune] | apply -f FILE [--prune]
//
// Runs src/client/config/cli.ts through tsx.
import { register } from "tsx/esm/api";

register();
const { run } = await import("../src/client/config/cli.ts");
const code = await run(process.argv.slice(2), {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  env: process.env,
});
process.exitCode = code;
