import v8 from "node:v8";

/**
 * The bounded engine of `matches` assertions: V8 runs a regular expression that backtracks too
 * much on its linear-time engine instead (set once per process that runs checks). The constructs
 * that engine cannot run (backreferences, lookaround) are refused when a service is saved
 * (shared/assertions.ts `patternRefusal`), and the text matched is capped (domain/assertions.ts).
 */
v8.setFlagsFromString("--enable-experimental-regexp-engine-on-excessive-backtracks");
