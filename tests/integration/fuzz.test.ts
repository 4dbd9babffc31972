import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { configJsonSchema, SERVICE_TYPE_NAMES } from "../../src/shared/service-types";
import { dashboardCookie } from "../support/dashboard";
import { databaseKind } from "../support/db";
import { openEngineDb, type EngineDb } from "../support/engine-db";
import { valueOf, type JsonSchema, type Pools } from "../support/fuzz/arbitraries";
import {
  procedures,
  restFinding,
  restRequest,
  trpcFinding,
  trpcRequest,
  type Procedure,
  type Sent,
} from "../support/fuzz/faces";
import { call, registerUser, type TestUser } from "../support/http";
import { startLifeline, type RunningLifeline } from "../support/lifeline";
import { freshDatabase } from "../support/pg-database";

// A fuzz generated from the schemas: for every procedure of the app router, inputs derived from its
// zod input schema (mixed with hostile values: unpaired surrogates, NUL, RTL overrides, 64 KiB
// strings, deep nesting, `__proto__` keys, numbers beyond 2^53) go to both faces (REST from the
// OpenAPI meta, tRPC), signed in and not, on a throwaway server of the engine under test (its
// throttles and rows stay out of the other tests). Findings: any 5xx, any refusal outside the
// contract's formats, and, after the run, any stored row that no longer reads back through the API.
// FUZZ_RUNS (inputs per procedure, default 12) and FUZZ_SEED (default 24) make longer or other runs.

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 24);

let server: RunningLifeline;
let db: EngineDb;
let owner: TestUser;
let cookie: string;
const findings: string[] = [];
/** Answers by status, for the summary line (and to see the fuzz reach past validation). */
const statuses = new Map<number, number>();
const pools: Pools = {
  ids: [],
  slugs: [],
  rids: [],
  userIds: [],
  configs: SERVICE_TYPE_NAMES.map((t) => configJsonSchema(t) as JsonSchema),
};
const probeTokens: string[] = [];
const registered: { email: string; password: string; device: Promise<string> }[] = [];

beforeAll(async () => {
  const env: Record<string, string> = {};
  if (databaseKind() === "postgresql") env.DATABASE_URL = await freshDatabase(inject("pgAdminUrl")!, "lifeline_fuzz");
  server = await startLifeline(env); // private outbound targets refused: the fuzz's loopback URLs are never reached
  db = openEngineDb(server.databaseUrl);
  owner = await registerUser("fuzz", `${server.baseUrl}/api/v1`);
  cookie = await dashboardCookie(server.baseUrl, owner.email, owner.password);
  ownerDevice = await deviceOf(owner);
  pools.slugs.push(owner.orgSlug);
  pools.userIds.push(owner.id);
}, 240_000);

afterAll(async () => {
  await db?.close();
  await server?.stop();
});

/**
 * A client address of its own for the fuzz's own sign-ins (X-Forwarded-For): the fuzz's failed
 * sign-ins throttle 127.0.0.1, as they should.
 */
let address = 0;
const ownAddress = () => ({ "x-forwarded-for": `10.24.${Math.floor(++address / 250)}.${address % 250}` });

/**
 * A known device of the user (docs/limits.md): the fuzz sends wrong passwords for every email it
 * knows, which locks unknown devices out of those accounts, as it should; its own sign-ins come from
 * a device that signed in before, as the owner's would.
 */
let ownerDevice = "";
async function deviceOf(user: { email: string; password: string }): Promise<string> {
  const login = await call("POST", `${server.baseUrl}/api/v1/auth/login`, {
    body: { email: user.email, password: user.password },
    headers: ownAddress(),
  });
  return login.headers.get("x-device-token") ?? "";
}

/** Credentials for one call: a session of its own for the calls that end one (logout), else the fuzz user's. */
async function credentials(p: Procedure, face: "rest" | "trpc"): Promise<Record<string, string>> {
  const ends = p.name === "auth.logout" || p.name === "users.changePassword";
  const probe: Record<string, string> =
    p.name.startsWith("probeAgent.") && probeTokens.length ? { "x-auth": probeTokens[probeTokens.length - 1]! } : {};
  if (face === "rest") {
    if (!ends) return { authorization: `Bearer ${owner.access}`, ...probe };
    const login = await call("POST", `${server.baseUrl}/api/v1/auth/login`, {
      body: { email: owner.email, password: owner.password },
      headers: { ...ownAddress(), "x-device-token": ownerDevice },
    });
    return { authorization: `Bearer ${login.body.data.access}` };
  }
  if (!ends) return { cookie, ...probe };
  return {
    cookie: await dashboardCookie(server.baseUrl, owner.email, owner.password, {
      ...ownAddress(),
      cookie: `lifeline_device=${ownerDevice}`,
    }),
  };
}

/** Learns ids, slugs, rids and tokens from successful answers, so later inputs reach real rows. */
function learn(p: Procedure, input: unknown, data: any) {
  if (!data || typeof data !== "object") return;
  if (typeof data.id === "number" && !pools.ids.includes(data.id)) pools.ids.push(data.id);
  if (typeof data.slug === "string" && !pools.slugs.includes(data.slug)) pools.slugs.push(data.slug);
  if (typeof data.rid === "string" && !pools.rids.includes(data.rid)) pools.rids.push(data.rid);
  if (p.name === "probes.create" && typeof data.token === "string") probeTokens.push(data.token);
  if (p.name === "auth.register" && input && typeof input === "object") {
    const { email, password } = input as { email: string; password: string };
    registered.push({ email, password, device: deviceOf({ email, password }) });
  }
}

async function send(sent: Sent, headers: Record<string, string>) {
  const res = await fetch(sent.url, {
    method: sent.method,
    headers: { ...(sent.body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: sent.body,
  });
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const describeSent = (p: Procedure, face: string, signedIn: boolean, sent: Sent) =>
  `${p.name} ${face} ${signedIn ? "signed in" : "anonymous"} ${sent.method} ${sent.url.slice(0, 300)} ${(sent.body ?? "").slice(0, 300)}`;

async function exercise(p: Procedure, input: unknown, protoKey: boolean) {
  for (const signedIn of [true, false]) {
    if (p.rest) {
      const sent = restRequest(server.baseUrl, p.rest, input, protoKey);
      const res = await send(sent, signedIn ? await credentials(p, "rest") : {});
      const finding = restFinding(res.status, res.headers, res.text);
      if (finding) findings.push(`${finding}: ${describeSent(p, "REST", signedIn, sent)} -> ${res.text.slice(0, 300)}`);
      if (res.status < 300 && res.text) learn(p, input, JSON.parse(res.text)?.data);
    }
    const sent = trpcRequest(server.baseUrl, p, input, protoKey);
    const res = await send(sent, signedIn ? await credentials(p, "trpc") : {});
    const finding = trpcFinding(res.status, res.text);
    if (finding) findings.push(`${finding}: ${describeSent(p, "tRPC", signedIn, sent)} -> ${res.text.slice(0, 300)}`);
    if (res.status < 300) learn(p, input, JSON.parse(res.text)?.result?.data?.data);
  }
}

/** Every page of a list through REST, as `owner` (or another user's token) in the organization `slug`. */
async function everyItem(path: string, token: string, slug?: string): Promise<any[]> {
  const items: any[] = [];
  for (let page = 1; page < 100; page++) {
    const sep = path.includes("?") ? "&" : "?";
    const res = await call("GET", `${server.baseUrl}/api/v1${path}${sep}page=${page}&limit=100`, {
      token,
      headers: slug ? { "x-org-slug": slug } : {},
    });
    if (res.status !== 200) {
      findings.push(`read-back: GET ${path} answered ${res.status} ${res.text.slice(0, 200)}`);
      return items;
    }
    const data = Array.isArray(res.body) ? res.body : res.body.data;
    items.push(...data);
    if (data.length < 100) return items;
  }
  return items;
}

/** Every row the fuzz's users own reads back, one by one, and the lists hold exactly the stored rows. */
async function readBack(token: string, userId: number) {
  const orgs = await everyItem("/orgs", token);
  for (const org of orgs) {
    const monitors = await everyItem("/cron-monitors", token, org.slug);
    const stored = await db.query<{ id: number }>("SELECT id FROM cron_monitors WHERE org_id = ? ORDER BY id", [
      org.id,
    ]);
    if (
      JSON.stringify(monitors.map((m) => m.id).sort((a, b) => a - b)) !==
      JSON.stringify(stored.map((r) => Number(r.id)))
    ) {
      findings.push(`read-back: organization ${org.slug} lists ${monitors.length} monitors, stores ${stored.length}`);
    }
    for (const m of monitors) {
      const one = await call("GET", `${server.baseUrl}/api/v1/cron-monitors/${m.id}`, {
        token,
        headers: { "x-org-slug": org.slug },
      });
      if (one.status !== 200 || one.body.data.name !== m.name)
        findings.push(`read-back: monitor ${m.id} answered ${one.status}`);
      const runs = await call("GET", `${server.baseUrl}/api/v1/cron-monitors/${m.id}/runs?limit=200`, {
        token,
        headers: { "x-org-slug": org.slug },
      });
      if (runs.status !== 200) findings.push(`read-back: runs of monitor ${m.id} answered ${runs.status}`);
    }
    for (const kind of ["integrations", "probes", "incidents"]) {
      for (const item of await everyItem(`/${kind}`, token, org.slug)) {
        const one = await call("GET", `${server.baseUrl}/api/v1/${kind}/${item.id}`, {
          token,
          headers: { "x-org-slug": org.slug },
        });
        if (one.status !== 200) findings.push(`read-back: ${kind} ${item.id} answered ${one.status}`);
      }
    }
  }
  for (const kind of ["projects", "services"]) {
    const listed = await everyItem(`/${kind}`, token);
    const stored = await db.query<{ id: number }>(`SELECT id FROM ${kind} WHERE user_id = ? ORDER BY id`, [userId]);
    if (listed.length !== stored.length)
      findings.push(`read-back: ${kind} lists ${listed.length}, stores ${stored.length}`);
    for (const item of listed) {
      const one = await call("GET", `${server.baseUrl}/api/v1/${kind}/${item.id}`, { token });
      if (one.status !== 200 || one.body.data.name !== item.name)
        findings.push(`read-back: ${kind} ${item.id} answered ${one.status}`);
    }
  }
  const me = await call("GET", `${server.baseUrl}/api/v1/auth/me`, { token });
  if (me.status !== 200) findings.push(`read-back: /auth/me answered ${me.status}`);
}

describe("the generated fuzz over every procedure of both faces", () => {
  it(
    "finds no 5xx, no refusal outside the contract's formats, and every stored row reads back",
    async () => {
      const all = procedures();
      expect(all.length).toBeGreaterThan(60);
      for (const [index, p] of all.entries()) {
        const input = p.input ? valueOf(p.input, pools, "", 0) : fc.constantFrom(undefined, {}, "a\ud800b", null);
        await fc.assert(
          fc.asyncProperty(input, fc.boolean(), async (value, protoKey) => {
            await exercise(p, value, protoKey).catch((err: unknown) =>
              findings.push(`${p.name}: the exchange failed: ${String(err)} ${String((err as Error)?.cause ?? "")}`),
            );
          }),
          { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
        );
      }

      await readBack(owner.access, owner.id);
      for (const user of registered.slice(0, 10)) {
        const login = await call("POST", `${server.baseUrl}/api/v1/auth/login`, {
          body: { email: user.email, password: user.password },
          headers: { ...ownAddress(), "x-device-token": await user.device },
        });
        if (login.status !== 200) {
          findings.push(`read-back: a registered user cannot sign in: ${login.status} ${login.text.slice(0, 200)}`);
          continue;
        }
        await readBack(login.body.data.access, login.body.data.user.id);
      }
      const answered = [...statuses.entries()].sort(([a], [b]) => a - b);
      console.log(
        `fuzz: seed ${SEED}, ${RUNS} inputs per procedure, answers by status ${JSON.stringify(Object.fromEntries(answered))}, ${pools.ids.length} ids learned`,
      );
      expect(findings).toEqual([]);
      // The inputs reach past validation: rows were created and read back.
      expect(answered.filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0)).toBeGreaterThan(all.length);
      expect(pools.ids.length).toBeGreaterThan(5);
    },
    Math.max(900_000, RUNS * 30_000),
  );
});
