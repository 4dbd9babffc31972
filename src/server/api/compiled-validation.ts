import { TRPCError } from "@trpc/server";
import { z } from "zod";

/**
 * tRPC validates a procedure's input and output with its schema's `parseAsync`, and zod 4 runs its
 * compiled object parser only in a synchronous parse: an asynchronous one walks every field through
 * the generic path (a page of 50 monitors: 0.54 ms against 0.08). No schema of ours refines or
 * transforms asynchronously, so the validators this puts in tRPC's place parse synchronously and take
 * zod's asynchronous path only when zod says a schema needs it ($ZodAsyncError). They fail as tRPC's
 * own do: an input with BAD_REQUEST, an output with INTERNAL_SERVER_ERROR, the zod error as cause.
 */
type Parser = { parse: (value: unknown) => unknown; parseAsync: (value: unknown) => Promise<unknown> };
type Middleware = ((opts: never) => Promise<unknown>) & { _type?: string };
type ProcedureDef = { inputs: Parser[]; output?: Parser; middlewares: Middleware[] };
type RouterLike = { _def: { procedures: Record<string, { _def: ProcedureDef }> } };

const parseSyncFirst = (schema: Parser) => (value: unknown) => {
  try {
    return schema.parse(value);
  } catch (err) {
    if (err instanceof z.core.$ZodAsyncError) return schema.parseAsync(value);
    throw err;
  }
};

type Next = (opts?: { input: unknown }) => Promise<{ ok: boolean; data?: unknown }>;

function inputValidator(schema: Parser): Middleware {
  const parse = parseSyncFirst(schema);
  const validate = async (opts: { input: unknown; getRawInput: () => Promise<unknown>; next: Next }) => {
    let parsed: unknown;
    try {
      parsed = await parse(await opts.getRawInput());
    } catch (cause) {
      throw new TRPCError({ code: "BAD_REQUEST", cause });
    }
    const merge = isRecord(opts.input) && isRecord(parsed);
    return opts.next({ input: merge ? { ...(opts.input as object), ...(parsed as object) } : parsed });
  };
  return Object.assign(validate, { _type: "input" }) as Middleware;
}

function outputValidator(schema: Parser): Middleware {
  const parse = parseSyncFirst(schema);
  const validate = async (opts: { next: Next }) => {
    const result = await opts.next();
    if (!result.ok) return result;
    try {
      return { ...result, data: await parse(result.data) };
    } catch (cause) {
      throw new TRPCError({ message: "Output validation failed", code: "INTERNAL_SERVER_ERROR", cause });
    }
  };
  return Object.assign(validate, { _type: "output" }) as Middleware;
}

const isRecord = (v: unknown) => !!v && typeof v === "object" && !Array.isArray(v);

/**
 * Replaces, in every procedure of `router`, tRPC's input and output validators by the synchronous-first
 * ones above (the n-th input validator parses the n-th `.input()` schema). Returns how many it replaced.
 */
export function compileValidation(router: unknown): number {
  let replaced = 0;
  for (const procedure of Object.values((router as RouterLike)._def.procedures)) {
    const def = procedure._def;
    let input = 0;
    def.middlewares.forEach((m, i) => {
      if (m._type === "input" && def.inputs[input]) def.middlewares[i] = inputValidator(def.inputs[input++]!);
      else if (m._type === "output" && def.output) def.middlewares[i] = outputValidator(def.output);
      else return;
      replaced++;
    });
  }
  return replaced;
}
