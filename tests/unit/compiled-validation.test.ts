import { describe, expect, it } from "vitest";
import { initTRPC, TRPCError } from "@trpc/server";
import { z } from "zod";
import { compileValidation } from "../../src/server/api/compiled-validation";
import { appRouter, compiledValidators } from "../../src/server/api/root";

const t = initTRPC.create();
const monitor = z.object({ id: z.number().int(), name: z.string().min(1) });

function sample() {
  const router = t.router({
    get: t.procedure
      .input(z.object({ id: z.number().int() }))
      .input(z.object({ verbose: z.boolean().default(false) }))
      .output(monitor)
      .query(({ input }) => ({ id: input.id, name: input.verbose ? "long name" : "n", extra: "stripped" })),
    broken: t.procedure.output(monitor).query(() => ({ id: 1, name: "" })),
    slow: t.procedure
      .input(z.object({ n: z.number() }).refine(async (v) => v.n > 0, "n must be positive"))
      .query(({ input }) => input.n),
  });
  return { router, replaced: compileValidation(router) };
}

const callError = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as TRPCError;
  }
  throw new Error("the call succeeded");
};

describe("validation by zod's compiled parsers", () => {
  it("replaces every input and output validator of every procedure of the application's router", () => {
    const procedures = Object.values((appRouter as unknown as { _def: { procedures: object } })._def.procedures);
    const validators = procedures.flatMap((p) =>
      (p as { _def: { middlewares: { _type?: string; name: string }[] } })._def.middlewares.filter(
        (m) => m._type === "input" || m._type === "output",
      ),
    );
    expect(procedures.length).toBeGreaterThan(100);
    expect(compiledValidators).toBe(validators.length);
    // tRPC's own validators are named inputValidatorMiddleware and outputValidatorMiddleware: none is left.
    expect(validators.filter((m) => /ValidatorMiddleware$/.test(m.name))).toEqual([]);
  });

  it("merges several inputs, applies defaults and strips what the output schema does not name", async () => {
    const { router, replaced } = sample();
    expect(replaced).toBe(5);
    const caller = t.createCallerFactory(router)({});
    await expect(caller.get({ id: 7, verbose: true } as never)).resolves.toEqual({ id: 7, name: "long name" });
    await expect(caller.get({ id: 7 } as never)).resolves.toEqual({ id: 7, name: "n" });
  });

  it("refuses a bad input as tRPC does: BAD_REQUEST with the zod error as cause", async () => {
    const caller = t.createCallerFactory(sample().router)({});
    const err = await callError(caller.get({ id: "seven" } as never));
    expect(err).toBeInstanceOf(TRPCError);
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.cause).toBeInstanceOf(z.ZodError);
    expect((err.cause as z.ZodError).issues[0]!.path).toEqual(["id"]);
  });

  it("fails an output that breaks its schema with INTERNAL_SERVER_ERROR", async () => {
    const caller = t.createCallerFactory(sample().router)({});
    const err = await callError(caller.broken());
    expect(err.code).toBe("INTERNAL_SERVER_ERROR");
    expect(err.message).toBe("Output validation failed");
    expect(err.cause).toBeInstanceOf(z.ZodError);
  });

  it("takes zod's asynchronous path for a schema that refines asynchronously", async () => {
    const caller = t.createCallerFactory(sample().router)({});
    await expect(caller.slow({ n: 3 })).resolves.toBe(3);
    const err = await callError(caller.slow({ n: -1 }));
    expect(err.code).toBe("BAD_REQUEST");
    expect((err.cause as z.ZodError).issues[0]!.message).toBe("n must be positive");
  });
});
