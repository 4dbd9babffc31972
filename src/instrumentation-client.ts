// Runs in the browser before the dashboard's own code. zod compiles object parsers with
// `new Function` when it may; under the pages' Content-Security-Policy (no 'unsafe-eval', see
// src/server/security-headers.ts) its probe for that is reported as a violation. Interpreted parsing
// is fast enough for forms.
import { z } from "zod";

z.config({ jitless: true });
