import crypto from "node:crypto";
import { expect } from "vitest";
import { testDb } from "./db";
import { call, type Answer, type TestUser } from "./http";

/** Fixtures and assertions shared by the project and service tests. */
export async function newProject(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/projects", {
    token: user.access,
    body: { name: `Project ${crypto.randomUUID().slice(0, 8)}`, ...body },
  });
  if (res.status !== 201) throw new Error(`project create failed: ${res.status} ${res.text}`);
  return res.body.data as {
    id: number;
    name: string;
    color: string;
    icon: string;
    order: number;
    service_count: number;
  };
}

export async function newService(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/services", {
    token: user.access,
    body: {
      name: `Service ${crypto.randomUUID().slice(0, 8)}`,
      type: "http",
      config: { url: "https://example.com/health" },
      ...body,
    },
  });
  if (res.status !== 201) throw new Error(`service create failed: ${res.status} ${res.text}`);
  return res.body.data as { id: number; name: string; project_id: number | null; status: string };
}

/** How many services the database holds in a project: what `service_count` must say. */
export async function servicesInProjectDb(projectId: number): Promise<number> {
  return (await testDb().one<{ n: number }>("SELECT COUNT(*) AS n FROM services WHERE project_id = ?", [projectId]))!.n;
}

/** A project's `service_count` as the API reads it, asserted equal to the count query. */
export async function expectServiceCount(user: TestUser, projectId: number, expected: number) {
  const res = await call("GET", `/projects/${projectId}`, { token: user.access });
  expect(res.status).toBe(200);
  expect(await servicesInProjectDb(projectId)).toBe(expected);
  expect(res.body.data.service_count).toBe(expected);
  const listed = await call("GET", "/projects", { token: user.access });
  expect(listed.body.data.find((p: { id: number }) => p.id === projectId).service_count).toBe(expected);
}

export async function serviceProjectIdDb(serviceId: number): Promise<number | null> {
  return (await testDb().one<{ project_id: number | null }>("SELECT project_id FROM services WHERE id = ?", [
    serviceId,
  ]))!.project_id;
}

/** An organization's plan, which an operator sets (no endpoint of this issue does). */
export async function setPlan(user: TestUser, plan: string) {
  await testDb().run("UPDATE organizations SET plan = ? WHERE slug = ?", [plan, user.orgSlug]);
}

/** The reduced project error body: exactly `{error: {message, details?}}`. */
export function expectProjectError(answer: Answer, status: number, detailFields?: string[]) {
  expect(answer.status).toBe(status);
  expect(Object.keys(answer.body)).toEqual(["error"]);
  expect(typeof answer.body.error.message).toBe("string");
  if (detailFields) {
    expect(Object.keys(answer.body.error).sort()).toEqual(["details", "message"]);
    expect(Object.keys(answer.body.error.details).sort()).toEqual([...detailFields].sort());
    for (const messages of Object.values(answer.body.error.details))
      expect((messages as string[]).length).toBeGreaterThan(0);
  } else {
    expect(Object.keys(answer.body.error)).toEqual(["message"]);
  }
}

/** The assignment error body: exactly `{error: "<text>"}`. */
export function expectAssignmentError(answer: Answer, status = 400) {
  expect(answer.status).toBe(status);
  expect(Object.keys(answer.body)).toEqual(["error"]);
  expect(typeof answer.body.error).toBe("string");
  expect(answer.body.error.length).toBeGreaterThan(0);
}
