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

/** The process's logger on standard output (one per process). */
export function logger(): Logger {
  const loggers = (globalForLog.lifelineLoggers ??= new Map());
  let log = loggers.get(1);
  if (!log) loggers.set(1, (log = createLogger(1)));
  return log;
}

/** Logs a line given as an object with an optional `level` word (the shape of the older log calls). */
export function logLine(line: object, log: Logger = logger()): void {
  const { level = "info", ...fields } = line as { level?: string };
  const method = (["trace", "debug", "info", "warn", "error", "fatal"] as const).find((l) => l === level) ?? "info";
  log[method](fields);
}
