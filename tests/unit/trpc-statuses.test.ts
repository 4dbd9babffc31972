import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { describe, expect, it } from "vitest";
import { AppError, ERROR_STATUS, type ErrorCode } from "../../src/shared/errors";
import { createContext } from "../../src/server/api/context";
import { publicProcedure, router } from "../../src/server/api/trpc";

// Every AppError code, thrown by a procedure built like the app's own, answered by the same tRPC
// fetch handler the /api/trpc route uses: the HTTP status is ERROR_STATUS's, appCode and details stay.
const codes = Object.keys(ERROR_STATUS) as ErrorCode[];
const probe = router({
  fail: publicProcedure.query(({ ctx }) => {
    const code = ctx.headers.get("x-code") as ErrorCode;
    throw new AppError(code, `failed with ${code}`, code === "VALIDATION_ERROR" ? { name: ["Required"] } : undefined);
  }),
  crash: publicProcedure.query(() => {
    throw new Error("a real fault");
  }),
});

async function callProbe(path: string, code?: string) {
  const req = new Request(`http://127.0.0.1/api/trpc/${path}`, { headers: code ? { "x-code": code } : {} });
  const res = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: probe,
    createContext: () => createContext({ headers: req.headers, channel: "dashboard" }),
    onError: () => {},
  });
  return {
    status: res.status,
    body: (await res.json()) as { error: { message: string; data: Record<string, unknown> } },
  };
}

describe("AppErrors on the tRPC channel", () => {
  it.each(codes)("answers %s with the status ERROR_STATUS gives it, keeping appCode", async (code) => {
    const { status, body } = await callProbe("fail", code);
    expect(status).toBe(ERROR_STATUS[code]);
    expect(body.error.data.httpStatus).toBe(ERROR_STATUS[code]);
    expect(body.error.message).toBe(`failed with ${code}`);
    if (code !== "INTERNAL_ERROR") expect(body.error.data.appCode).toBe(code);
    if (code === "VALIDATION_ERROR") expect(body.error.data.details).toEqual({ name: ["Required"] });
  });

  it("answers a real fault with 500, its request id and no internal message or stack, whatever NODE_ENV says", async () => {
    const { status, body } = await callProbe("crash");
    expect(status).toBe(500);
    expect(body.error.message).toBe("Internal server error");
    expect(body.error.data).toEqual({
      code: "INTERNAL_SERVER_ERROR",
      httpStatus: 500,
      path: "crash",
      appCode: "INTERNAL_ERROR",
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(JSON.stringify(body)).not.toContain("a real fault");
  });
});
