import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectStandardError, registerUser } from "../support/http";
import { startLifeline, type Lifeline } from "../support/lifeline";

// The outbound guard: by default Lifeline refuses webhook and Slack targets on loopback, private,
// link-local and metadata addresses, at create/update time when the URL's host already tells, and at
// delivery otherwise (a host name resolving to loopback). The shared test server allows private
// targets (OUTBOUND_ALLOW_PRIVATE=true, its receivers listen on loopback); a second Lifeline started
// here runs with the default. A receiver listening on every loopback address counts what arrives.

let guarded: Lifeline;
let receiver: { port: number; count: () => number; close: () => Promise<void> };

beforeAll(async () => {
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits++;
    req.resume();
    res.writeHead(200).end("ok");
  });
  await new Promise<void>((r) => server.listen(0, "::", r)); // dual stack: 127.0.0.1 and ::1
  receiver = {
    port: (server.address() as AddressInfo).port,
    count: () => hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  guarded = await startLifeline(); // OUTBOUND_ALLOW_PRIVATE unset
});
afterAll(async () => {
  await guarded?.stop();
  await receiver?.close();
});

const targets = () => [
  `http://127.0.0.1:${receiver.port}/hook`,
  `http://[::1]:${receiver.port}/hook`,
  `http://localhost:${receiver.port}/hook`,
];
const kinds = ["webhook", "slack"] as const;

async function registerOn(base: string, name: string) {
  const email = `${name}-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const reg = await call("POST", `${base}/api/v1/auth/register`, {
    body: { email, password: "correct horse battery" },
  });
  expect(reg.status).toBe(201);
  return reg.body.data.access as string;
}

describe("outbound guard, default setting", () => {
  it("refuses webhook and Slack integrations on loopback and metadata addresses at create and update time", async () => {
    const token = await registerOn(guarded.baseUrl, "guard-create");
    for (const kind of kinds) {
      for (const url of [
        ...targets(),
        "http://169.254.169.254/latest/meta-data/",
        "http://10.0.0.1/x",
        "http://[fd00:ec2::254]/",
      ]) {
        const res = await call("POST", `${guarded.baseUrl}/api/v1/integrations`, {
          token,
          body: { name: "x", kind, url },
        });
        expectStandardError(res, 400, "VALIDATION_ERROR");
        expect(res.body.error.details.url[0], url).toMatch(/not allowed.*OUTBOUND_ALLOW_PRIVATE/);
      }
      const ok = await call("POST", `${guarded.baseUrl}/api/v1/integrations`, {
        token,
        body: { name: "x", kind, url: "https://hooks.example.test/x" },
      });
      expect(ok.status).toBe(201);
      const patch = await call("PATCH", `${guarded.baseUrl}/api/v1/integrations/${ok.body.data.id}`, {
        token,
        body: { url: targets()[1] },
      });
      expectStandardError(patch, 400, "VALIDATION_ERROR");
      expect(patch.body.error.details).toHaveProperty("url");
    }
    expect(receiver.count()).toBe(0);
  });

  it("refuses delivery to stored loopback targets with the reason on the delivery record, and nothing arrives", async () => {
    const token = await registerOn(guarded.baseUrl, "guard-deliver");
    // Rows stored before the rule (or while the operator allowed private targets): the guard still
    // refuses them when it connects, including `localhost`, whose address only DNS tells.
    const created = await call("POST", `${guarded.baseUrl}/api/v1/integrations`, {
      token,
      body: { name: "x", kind: "webhook", url: "https://hooks.example.test/x" },
    });
    const orgId =
      created.body.data &&
      rowsOf(guarded, "SELECT org_id FROM integrations WHERE id = ?", created.body.data.id)[0]!.org_id;
    for (const kind of kinds) {
      for (const url of targets()) {
        const id = insertIntegration(guarded, orgId, kind, url);
        const res = await call("POST", `${guarded.baseUrl}/api/v1/integrations/${id}/test`, { token });
        expect(res.status).toBe(200);
        expect(res.body.data, url).toMatchObject({ status: "failed", response_status: null });
        expect(res.body.data.error, url).toMatch(
          /^refused: (127\.0\.0\.1|::1) is a loopback address; set OUTBOUND_ALLOW_PRIVATE=true/,
        );
      }
    }
    expect(receiver.count()).toBe(0);
  });
});

describe("outbound guard on a platform probe, every check type", () => {
  it("refuses loopback targets of http, tcp, dns (its resolver), tls, grpc, ping and browser checks, and nothing is reached", async () => {
    const token = await registerOn(guarded.baseUrl, "guard-types");
    insertPlatformProbe(guarded);
    const before = receiver.count();
    const loopback = /^refused: (127\.0\.0\.1|::1) is a loopback address; set OUTBOUND_ALLOW_PRIVATE=true/;
    const configs: [string, Record<string, unknown>][] = [
      ["http", { url: `http://127.0.0.1:${receiver.port}/x` }],
      ["tcp", { host: "127.0.0.1", port: receiver.port }],
      ["dns", { name: "example.test", resolver: `127.0.0.1:${receiver.port}` }],
      ["dns", { name: "example.test", resolver: `[::1]:${receiver.port}` }],
      ["dns", { name: "example.test", resolver: `localhost:${receiver.port}` }],
      ["tls", { host: "127.0.0.1", port: receiver.port }],
      ["tls", { host: "localhost", port: receiver.port }],
      ["grpc", { host: "127.0.0.1", port: receiver.port }],
      ["grpc", { host: "localhost", port: receiver.port, tls: true }],
      ["ping", { host: "127.0.0.1" }],
      ["ping", { host: "::1" }],
      ["browser", { url: `http://127.0.0.1:${receiver.port}/x`, timeout: 10 }],
      ["browser", { url: `http://localhost:${receiver.port}/x`, timeout: 10 }],
    ];
    for (const [type, config] of configs) {
      const created = await call("POST", `${guarded.baseUrl}/api/v1/services`, {
        token,
        body: { name: type, type, config },
      });
      expect(created.status, created.text).toBe(201);
      const run = await call("POST", `${guarded.baseUrl}/api/v1/services/${created.body.data.id}/run`, { token });
      expect(run.status, run.text).toBe(200);
      expect(run.body.data.outcome).toBe("down");
      // A browser check names the step where the refusal stopped it (the page's load).
      const reason = String(run.body.data.reason).replace(/^load: /, "");
      expect(reason, `${type} ${JSON.stringify(config)}`).toMatch(loopback);
    }
    expect(receiver.count()).toBe(before);
  });
});

describe("outbound guard, private targets allowed (the shared test server)", () => {
  it("creates and delivers webhook and Slack integrations on 127.0.0.1, [::1] and localhost", async () => {
    const user = await registerUser("guard-allowed");
    const before = receiver.count();
    for (const kind of kinds) {
      for (const url of targets()) {
        const created = await call("POST", "/integrations", { token: user.access, body: { name: "x", kind, url } });
        expect(created.status, url).toBe(201);
        const res = await call("POST", `/integrations/${created.body.data.id}/test`, { token: user.access });
        expect(res.body.data, url).toMatchObject({ status: "success", response_status: 200, error: null });
      }
    }
    expect(receiver.count() - before).toBe(6);
  });
});

function rowsOf(l: Lifeline, sql: string, ...params: unknown[]): Record<string, any>[] {
  const db = new Database(path.join(l.dataDir, "lifeline.db"), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as Record<string, any>[];
  } finally {
    db.close();
  }
}

/** A platform probe row (what `npm run admin -- probe:platform` writes): run-now checks as one in the web process. */
function insertPlatformProbe(l: Lifeline): void {
  const db = new Database(path.join(l.dataDir, "lifeline.db"));
  try {
    db.pragma("busy_timeout = 5000");
    const now = new Date().toISOString().replace("Z", "+00:00");
    db.prepare(
      "INSERT INTO probes (kind, name, location, token_hash, created_at, updated_at) VALUES ('platform', 'guarded', '', ?, ?, ?)",
    ).run(`unused-${Math.random()}`, now, now);
  } finally {
    db.close();
  }
}

function insertIntegration(l: Lifeline, orgId: number, kind: string, url: string): number {
  const db = new Database(path.join(l.dataDir, "lifeline.db"));
  try {
    db.pragma("busy_timeout = 5000");
    const now = new Date().toISOString().replace("Z", "+00:00");
    const r = db
      .prepare(
        "INSERT INTO integrations (org_id, name, kind, url, secret, is_default, created_at, updated_at) VALUES (?, 'stored', ?, ?, ?, 0, ?, ?)",
      )
      .run(orgId, kind, url, kind === "webhook" ? "whsec_stored" : null, now, now);
    return Number(r.lastInsertRowid);
  } finally {
    db.close();
  }
}
