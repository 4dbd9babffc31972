import util from "node:util";
import pino from "pino";

/**
 * The processes' log: JSON lines through pino, one object a line, `level` as a word ("info",
 * "error"), `time` in ISO 8601, the level from LOG_LEVEL (default info; `silent` for none). Written
 * synchronously, so a line is out before a process exits. Never log a credential: log route
 * templates, never request paths (ping paths carry the ping token), and no headers.
 */
export type Logger = pino.Logger;

const globalForLog = globalThis as unknown as { lifelineLoggers?: Map<number, Logger> };

export function createLogger(fd: 1 | 2 = 1): Logger {
  return pino(
    {
      level: process.env.LOG_LEVEL || "info",
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    pino.destination({ dest: fd, sync: true }),
  );
}

/** The process's logger on standard output (one per process), or on standard error with `fd` 2. */
export function logger(fd: 1 | 2 = 1): Logger {
  const loggers = (globalForLog.lifelineLoggers ??= new Map());
  let log = loggers.get(fd);
  if (!log) loggers.set(fd, (log = createLogger(fd)));
  return log;
}

/**
 * Makes everything a server process prints a JSON line: `console.*` (its own calls and those of
 * libraries: Next's start-up lines, React's render errors) becomes a log line whose `msg` is the
 * formatted text (log/info/debug on standard output, warn/error on standard error), Node's
 * process warnings become `warn` lines, and an uncaught exception or unhandled rejection a `fatal`
 * line before the process exits with 1 (an `error` line, and no exit, when another listener such as
 * Next's handles it). Called first thing by each server entry point
 * (scripts/serve.ts, ping-server.ts, sweep.ts, probe.ts); never by command-line tools, whose
 * output is meant for a person.
 */
export function routeConsoleToLog(): void {
  const line =
    (fd: 1 | 2, level: "debug" | "info" | "warn" | "error") =>
    (...args: unknown[]) =>
      logger(fd)[level](util.format(...args));
  Object.assign(console, {
    log: line(1, "info"),
    info: line(1, "info"),
    debug: line(1, "debug"),
    trace: line(1, "debug"),
    warn: line(2, "warn"),
    error: line(2, "error"),
  });
  process.removeAllListeners("warning");
  process.on("warning", (w) => logger(2).warn({ event: "process.warning", name: w.name }, w.message));
  // Node's default for both is to print the stack and exit 1; a library that listens too (Next's
  // server logs them and goes on) keeps that choice, and this line is then an `error` only.
  const crashed = (event: "uncaughtException" | "unhandledRejection") => (err: unknown) => {
    const alone = process.listenerCount(event) === 1;
    logger(2)[alone ? "fatal" : "error"](
      { event: `process.${event}` },
      err instanceof Error ? (err.stack ?? err.message) : String(err),
    );
    if (alone) process.exit(1);
  };
  process.on("uncaughtException", crashed("uncaughtException"));
  process.on("unhandledRejection", crashed("unhandledRejection"));
}

/** The last line of a server process that cannot go on (bad configuration, database unreachable): one `fatal` line on standard error. */
export function logFatal(err: unknown): void {
  logger(2).fatal(err instanceof Error ? err.message : String(err));
}

/** Logs a line given as an object with an optional `level` word (the shape of the older log calls). */
export function logLine(line: object, log: Logger = logger()): void {
  const { level = "info", ...fields } = line as { level?: string };
  const method = (["trace", "debug", "info", "warn", "error", "fatal"] as const).find((l) => l === level) ?? "info";
  log[method](fields);
}
