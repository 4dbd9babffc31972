import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, expectStandardError, registerUser, type Answer } from "../support/http";
import { databaseEnv, testDb } from "../support/db";
import { startLifeline, type Lifeline } from "../support/lifeline";

// Sign-in throttling that an attacker cannot turn against the owner (OWASP's device cookie): a
// device that signed in before (the REST login's X-Device-Token, the dashboard's lifeline_device
// cookie) is throttled on its own count, so an attacker's failures lock only unknown devices. Each
// attempt is counted before its password check (the server logs one line per argon2 verification
// under NODE_ENV=test). The client address is the socket's peer unless TRUST_PROXY says which
// X-Forwarded-For hops to believe: the suite's server trusts loopback; `untrusting` below does not.

let untrusting: Lifeline;
beforeAll(async () => {
  untrusting = await startLifeline({ ...databaseEnv(), TRUST_PROXY: undefined }, { args: ["--web-only"] });
}, 120_000);
afterAll(() => untrusting?.stop());

/** A client address no other attempt in this file claimed. */
let claimed = 0;
const address = () => `203.0.113.${++claimed}`;
const login = (email: string, password: string, headers: Record<string, string> = {}, base?: string) =>
  call("POST", base ? `${base}/api/v1/auth/login` : "/auth/login", {
    body: { email, password },
    headers: { "x-forwarded-for": address(), ...headers },
  });

function expectThrottled(res: Answer) {
  expectStandardError(res, 429, "RATE_LIMITED");
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
}

/** Signs in through the dashboard's credentials flow, sending `cookie` (e.g. a device cookie). */
async function dashboardSignIn(
  base: string,
  email: string,
  password: string,
  opts: { cookie?: string; forwardedFor?: string } = {},
) {
  const forwarded: Record<string, string> = opts.forwardedFor ? { "x-forwarded-for": opts.forwardedFor } : {};
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: forwarded });
  const jar = [...csrf.headers.getSetCookie().map((c) => c.split(";")[0]), ...(opts.cookie ? [opts.cookie] : [])].join(
    "; ",
  );
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar, ...forwarded },
    body: new URLSearchParams({ email, password, csrfToken, json: "true" }).toString(),
    redirect: "manual",
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return {
    status: res.status,
    headers: res.headers,
    body,
    text,
    session: cookies.some((c) => c.startsWith("next-auth.session-token=")),
    device: cookies.find((c) => c.startsWith("lifeline_device=")) ?? null,
  };
}

describe("known devices", () => {
  it("lets the owner sign in with the right password from a known device while an attacker's five failures lock unknown devices (REST)", async () => {
    const owner = await registerUser("device-rest");
    const first = await login(owner.email, owner.password);
    expect(first.status).toBe(200);
    const device = first.headers.get("x-device-token");
    expect(device).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(Object.keys(first.body.data).sort()).toEqual(["access", "refresh", "user"]); // the contract's body, unchanged

    for (let i = 1; i <= 5; i++) expectStandardError(await login(owner.email, `attacker ${i}`), 401, "UNAUTHORIZED");
    expectThrottled(await login(owner.email, owner.password)); // an unknown device, even with the right password
    expectThrottled(await login(owner.email, owner.password, { "x-device-token": `${device!.split(".")[0]}.forged` }));
    const other = await registerUser("device-other");
    const othersDevice = (await login(other.email, other.password)).headers.get("x-device-token")!;
    expectThrottled(await login(owner.email, owner.password, { "x-device-token": othersDevice })); // bound to its user

    const known = await login(owner.email, owner.password, { "x-device-token": device! });
    expect(known.status).toBe(200);
    expect(known.body.data.access).toEqual(expect.any(String));
    expect(known.headers.get("x-device-token")).toBe(device);
  });

  it("lets the owner's browser sign in to the dashboard with its device cookie while unknown browsers are locked", async () => {
    const owner = await registerUser("device-dash");
    const first = await dashboardSignIn(inject("baseUrl"), owner.email, owner.password, { forwardedFor: address() });
    expect(first.session).toBe(true);
    expect(first.device).toMatch(/^lifeline_device=[\w-]+\.[\w-]+$/);

    for (let i = 1; i <= 5; i++)
      expect(
        (await dashboardSignIn(inject("baseUrl"), owner.email, `attacker ${i}`, { forwardedFor: address() })).session,
      ).toBe(false);
    const unknown = await dashboardSignIn(inject("baseUrl"), owner.email, owner.password, { forwardedFor: address() });
    expectThrottled(unknown as unknown as Answer);
    expect(unknown.session).toBe(false);

    const known = await dashboardSignIn(inject("baseUrl"), owner.email, owner.password, {
      cookie: first.device!,
      forwardedFor: address(),
    });
    expect(known.session).toBe(true);
  });

  it("throttles a known device on its own failures without locking the account for other devices", async () => {
    const owner = await registerUser("device-own");
    const device = (await login(owner.email, owner.password)).headers.get("x-device-token")!;
    for (let i = 1; i <= 5; i++)
      expectStandardError(await login(owner.email, `typo ${i}`, { "x-device-token": device }), 401, "UNAUTHORIZED");
    expectThrottled(await login(owner.email, owner.password, { "x-device-token": device }));
    expect((await login(owner.email, owner.password)).status).toBe(200); // the account itself is not locked
  });
});

describe("counting before the password check", () => {
  const serverLog = () => fs.readFileSync(path.join(inject("dataDir"), "server.log"), "utf8");
  const checksOf = (email: string) => {
    const subject = crypto.createHash("sha256").update(email).digest("hex").slice(0, 16);
    return serverLog()
      .split("\n")
      .filter((line) => line.includes('"event":"password_check"') && line.includes(`"subject":"${subject}"`)).length;
  };

  it("gives 30 parallel wrong attempts on one account at most 5 password checks", async () => {
    const user = await registerUser("parallel");
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(user.email, `guess ${i}`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    await new Promise((r) => setTimeout(r, 200)); // the server's log lines reach the file
    expect(checksOf(user.email)).toBe(5);
  });

  it("counts an unknown email's checks the same way", async () => {
    const email = `nobody-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(email, `guess ${i}`)));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    await new Promise((r) => setTimeout(r, 200));
    expect(checksOf(email)).toBe(5);
  });
});

describe("the client address", () => {
  // The per-address key of loopback itself: cleared around the test that uses it up, so that the
  // rest of the suite (whose requests without X-Forwarded-For come from loopback) is not throttled.
  const clearLoopback = () =>
    testDb().run(`DELETE FROM rate_limits WHERE "key" IN ('login-address:127.0.0.1', 'login-address:::1')`);

  it("ignores a forged X-Forwarded-For without TRUST_PROXY: every attempt counts against the socket's address", async () => {
    await clearLoopback();
    try {
      const forged = (i: number) => ({ "x-forwarded-for": `192.0.2.${i}` });
      for (let i = 1; i <= 20; i++) {
        const res = await login(
          `spray-${i}-${crypto.randomUUID().slice(0, 6)}@example.test`,
          "guess",
          forged(i),
          untrusting.baseUrl,
        );
        expectStandardError(res, 401, "UNAUTHORIZED");
      }
      const owner = await registerUser("forged-xff");
      expectThrottled(await login(owner.email, owner.password, forged(99), untrusting.baseUrl));
      // The dashboard's sign-in (a Next route) reads the same socket address.
      const dashboard = await dashboardSignIn(untrusting.baseUrl, owner.email, owner.password, {
        forwardedFor: "192.0.2.100",
      });
      expectThrottled(dashboard as unknown as Answer);
    } finally {
      await clearLoopback();
    }
  });

  it("honours X-Forwarded-For from a trusted proxy: the client is the entry the proxy added, not one the client forged", async () => {
    const real = address();
    for (let i = 1; i <= 20; i++) {
      const res = await login(`spray-${i}-${crypto.randomUUID().slice(0, 6)}@example.test`, "guess", {
        "x-forwarded-for": `192.0.2.${i}, ${real}`,
      });
      expectStandardError(res, 401, "UNAUTHORIZED");
    }
    const owner = await registerUser("trusted-xff");
    expectThrottled(await login(owner.email, owner.password, { "x-forwarded-for": `192.0.2.77, ${real}` }));
    expect((await login(owner.email, owner.password, { "x-forwarded-for": address() })).status).toBe(200); // another client
  });
});
