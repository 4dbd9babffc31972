import { TRPCError } from "@trpc/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { classify, errorResponse, logUnexpected } from "../../src/server/api/http/errors";
import { logger } from "../../src/server/observability/log";
import { AppError } from "../../src/shared/errors";

describe("the error mapping", () => {
  afterEach(() => vi.restoreAllMocks());

  it("turns an unexpected exception into a 500 that leaks nothing and logs one line with the request id", async () => {
    const lines: string[] = [];
    vi.spyOn(logger(), "error").mockImplementation(
      ((fields: object) => void lines.push(JSON.stringify(fields))) as never,
    );
    const boom = new TRPCError({
      code: "INTERNAL_SERVER_ERROR",
      cause: new Error("SQLITE_CORRUPT at /srv/secret/path.db"),
    });
    const error = classify(boom);
    logUnexpected("req-123", "/api/v1/x", boom);
    const res = errorResponse(error as AppError, { requestId: "req-123", path: "/api/v1/x", format: "standard" });
    const body = await res.json();
    expect(res.status).toBe(500);
    expect(body.error).toEqual({ code: "INTERNAL_ERROR", message: "Internal server error" });
    expect(JSON.stringify(body)).not.toContain("SQLITE");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ request_id: "req-123", path: "/api/v1/x" });
  });

  it("logs a long fault's start and end (an ORM's cause comes last) with a database error's code and meta", () => {
    const lines: string[] = [];
    vi.spyOn(logger(), "error").mockImplementation(
      ((fields: object) => void lines.push(JSON.stringify(fields))) as never,
    );
    const fault = Object.assign(
      new Error(`Invalid invocation in chunk.js ${"x".repeat(5000)} The table \`main.projects\` does not exist`),
      { name: "PrismaClientKnownRequestError", code: "P2021", meta: { table: "main.projects" } },
    );
    logUnexpected("req-9", "/api/trpc/projects.list", fault);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ request_id: "req-9", code: "P2021", meta: { table: "main.projects" } });
    expect(line.error).toMatch(/^PrismaClientKnownRequestError: Invalid invocation/);
    expect(line.error).toMatch(/does not exist$/);
    expect(line.error.length).toBeLessThan(900);
  });

  it("answers the reduced project forms per route", async () => {
    const notFound = errorResponse(new AppError("NOT_FOUND", "Project not found"), {
      requestId: "r",
      path: "/p",
      format: "project",
    });
    expect(await notFound.json()).toEqual({ error: { message: "Project not found" } });
    const dup = errorResponse(new AppError("VALIDATION_ERROR", "Invalid name", { name: ["taken"] }), {
      requestId: "r",
      path: "/p",
      format: "project",
    });
    expect(await dup.json()).toEqual({ error: { message: "Invalid name", details: { name: ["taken"] } } });
    const assign = errorResponse(new AppError("VALIDATION_ERROR", "Services 4, 5 not found"), {
      requestId: "r",
      path: "/p",
      format: "assignment",
    });
    expect(await assign.json()).toEqual({ error: "Services 4, 5 not found" });
  });

  it("answers a schedule error with the spec 7.2 body whatever the route's format", async () => {
    const err = Object.assign(new Error("Unknown time zone Mars/Base"), {
      name: "ScheduleError",
      code: "unknown_timezone",
      field: "timezone",
    });
    const res = errorResponse(classify(err) as AppError, { requestId: "r", path: "/c", format: "standard" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "invalid_schedule",
      code: "unknown_timezone",
      message: "Unknown time zone Mars/Base",
      field: "timezone",
    });
  });
});
