// A process that routes its console through the JSON log (routeConsoleToLog), prints the ways a
// server process and its libraries print, then ends as `process.argv[2]` says: `crash` (an uncaught
// exception, nobody else listening), `handled` (another listener takes uncaught exceptions, as Next's
// server does), or `exit`. For tests/unit/console-log-route.test.ts.
import { routeConsoleToLog } from "../../src/server/observability/log";

routeConsoleToLog();
console.log("plain %s line %d", "start-up", 1);
console.info({ multi: "line\nvalue" });
console.warn("✓ Running next.config.mjs took 12ms");
console.error(new Error("render failed\n  with a second line"));
process.emitWarning("a deprecated thing", "DeprecationWarning");
const mode = process.argv[2];
if (mode === "handled") process.on("uncaughtException", () => console.error("a library logged it"));
setTimeout(() => {
  if (mode === "exit") process.exit(0);
  if (mode === "handled") setTimeout(() => process.exit(0), 100);
  throw new Error("boom");
}, 50);
