import crypto from "node:crypto";
import { expect, inject } from "vitest";
import { recordIssued } from "./issued-secrets";

/** A small client for the real REST interface of the server started by global-setup.ts. */
export const baseUrl = () => inject("baseUrl");
export const apiUrl = (p: string) => `${inject("baseUrl")}/api/v1${p}`;

export type Answer<T = any> = { status: number; headers: Headers; body: T; text: string };

export async function call<T = any>(
  method: string,
  p: string,
  opts: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(p.startsWith("http") ? p : apiUrl(p), { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* plain text */
  }
  recordIssued(res.status, opts.body, parsed);
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export type TestUser = {
  email: string;
  password: string;
  access: string;
  refresh: string;
  id: number;
  orgSlug: string;
};

/**
 * Registers a fresh user (unique email) through the API and returns their tokens and default org;
 * on the suite's server, or on another one when `api` is its `http://host:port/api/v1`.
 */
export async function registerUser(name = "user", api = ""): Promise<TestUser> {
  const email = `${name}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const password = "correct horse battery";
  const reg = await call("POST", `${api}/auth/register`, { body: { email, password } });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  const me = await call("GET", `${api}/auth/me`, { token: reg.body.data.access });
  return {
    email,
    password,
    access: reg.body.data.access,
    refresh: reg.body.data.refresh,
    id: reg.body.data.user.id,
    orgSlug: me.body.data.default_org.slug,
  };
}

/** Issues an organization service token with the given capabilities (the user must own the org). */
export async function serviceToken(owner: TestUser, capabilities: string[], slug = owner.orgSlug): Promise<string> {
  const res = await call("POST", `/orgs/${slug}/service-tokens`, {
    token: owner.access,
    body: { name: "test", capabilities },
  });
  if (res.status !== 201) throw new Error(`service token failed: ${res.status} ${res.text}`);
  return res.body.data.token;
}

/** Asserts the exact spec 7.1 body, with `request_id` equal to the X-Request-Id header. */
export function expectStandardError(answer: Answer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(Object.keys(answer.body).sort()).toEqual(["error", "path", "request_id", "timestamp"]);
  expect(answer.body.error.code).toBe(code);
  expect(typeof answer.body.error.message).toBe("string");
  expect(answer.body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  expect(answer.body.request_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(answer.headers.get("x-request-id")).toBe(answer.body.request_id);
  expect(answer.headers.get("content-type")).toContain("application/json");
}
