// Runs in the browser before the dashboard's own code. zod compiles object parsers with
// `new Function` when it may; under the pages' Content-Security-Policy (no 'unsafe-eval', see
// src/server/security-headers.ts) its probe for that is reported as a violation. Interpreted parsing
// is fast enough for forms. zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an
// object already there (zod/v4/core/core.js), so this sets `jitless` without loading zod: the pages
// that parse nothing in the browser (the lists, the overview, a monitor page) do not load it at all.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
