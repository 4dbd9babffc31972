import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { platformProbe, privateProbe, startProbe } from "../support/probes";
import { testDb } from "../support/db";
import { setPlan } from "../support/projects";
import { eventually, startReceiver, sweep } from "../support/sweeper";
import { startDnsServer, type DnsServer } from "../support/dns-server";
import { selfSignedCertificate } from "../support/certificates";
import { dashboardCookie, trpcMutation, trpcQuery } from "../support/dashboard";
import * as grpc from "@grpc/grpc-js";
import { HealthImplementation } from "grpc-health-check";
import { startProbeInSilentNamespace } from "../support/netns";

// The check types and assertions (docs/api-checks.md) end to end on the suite's server: a private
// probe process leases each service's check, runs it against targets on loopback (an HTTP server,
// HTTPS servers with certificates made here, a DNS server, a TLS port) and reports; `POST
// /services/{id}/run` makes it due at once and answers its result. Refusals of private targets by
// platform probes are in outbound-guard.test.ts.
let owner: TestUser;
let probe: { id: number; token: string };
let dns: DnsServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let plain = "";
let apiState = "UP";
const health = new HealthImplementation({ "": "SERVING", "shop.Orders": "SERVING" });
const ports: Record<string, number> = {};
const cleanup: (() => unknown)[] = [];

const listen = async (server: http.Server | https.Server) => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  cleanup.push(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));
  return (server.address() as AddressInfo).port;
};

/** A sign-in page: typing a name and pressing the button (or Enter) goes to /home. */
const LOGIN_PAGE = `<!doctype html><title>Sign in</title>
<form action="/home"><label>User <input id="user" name="user"></label><button>Sign in</button></form>`;

beforeAll(async () => {
  owner = await registerUser("check-types");
  await setPlan(owner, "enterprise");
  probe = await privateProbe(owner);
  dns = await startDnsServer();
  cleanup.push(() => dns.stop());
  receiver = await startReceiver();
  cleanup.push(() => receiver.close());
  const hook = await call("POST", "/integrations", {
    token: owner.access,
    body: { name: "hook", kind: "webhook", url: receiver.url, is_default: true },
  });
  expect(hook.status).toBe(201);
  const app = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (req.url === "/secure") {
        const ok = req.headers.authorization === `Basic ${Buffer.from("ops:s3cret word").toString("base64")}`;
        if (!ok) return res.writeHead(401).end("who are you");
        return res
          .writeHead(200, { "x-version": "2.1", "content-type": "text/plain" })
          .end(`hello ${req.headers["x-tenant"] ?? "nobody"}, you sent ${body}`);
      }
      if (req.url === "/api")
        return res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ status: apiState, n: 3 }));
      if (req.url === "/login") return res.writeHead(200, { "content-type": "text/html" }).end(LOGIN_PAGE);
      if (req.url?.startsWith("/home?"))
        return res
          .writeHead(200, { "content-type": "text/html" })
          .end("<!doctype html><title>Home</title><p>Welcome, ops</p>");
      if (req.url === "/set-cookie")
        return res
          .writeHead(200, { "content-type": "text/html", "set-cookie": "session=s3cret; Path=/" })
          .end("<!doctype html><title>Cookie</title><p>cookie set</p>");
      if (req.url === "/cookies")
        return res
          .writeHead(200, { "content-type": "text/html" })
          .end(`<!doctype html><title>Cookies</title><p>cookies: ${req.headers.cookie ?? "none"}</p>`);
      if (req.url === "/slow") return setTimeout(() => res.writeHead(200).end("slow"), 1500);
      if (req.url === "/old") return res.writeHead(302, { location: "/new" }).end();
      if (req.url === "/new") return res.writeHead(200).end("moved here");
      res.writeHead(404).end();
    });
  });
  plain = `http://127.0.0.1:${await listen(app)}`;
  const serve = (cert: { key: string; cert: string }) =>
    listen(https.createServer(cert, (_req, res) => res.end("tls ok")));
  [ports.soon, ports.expired, ports.fine] = await Promise.all([
    serve(selfSignedCertificate(-24, 5 * 24 + 1)),
    serve(selfSignedCertificate(-240, -47)),
    serve(selfSignedCertificate(-24, 90 * 24)),
  ]);
  const serveGrpc = async (credentials: grpc.ServerCredentials) => {
    const server = new grpc.Server();
    health.addToServer(server);
    cleanup.push(() => server.forceShutdown());
    return new Promise<number>((resolve, reject) =>
      server.bindAsync("127.0.0.1:0", credentials, (err, port) => (err ? reject(err) : resolve(port))),
    );
  };
  const { key, cert } = selfSignedCertificate(-24, 90 * 24);
  [ports.grpc, ports.grpcTls] = await Promise.all([
    serveGrpc(grpc.ServerCredentials.createInsecure()),
    serveGrpc(
      grpc.ServerCredentials.createSsl(null, [{ private_key: Buffer.from(key), cert_chain: Buffer.from(cert) }]),
    ),
  ]);
  const agent = startProbe(baseUrl(), probe.token);
  cleanup.push(() => agent.stop());
});
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

const create = async (name: string, type: string, config: Record<string, unknown>) => {
  const res = await call("POST", "/services", {
    token: owner.access,
    body: { name, type, config, interval: 600, probe_ids: [probe.id] },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; config: Record<string, unknown> };
};
/** Runs the service's check now on its probe (again once the 10 s run limit lets it). */
const run = async (id: number) =>
  eventually(async () => {
    const res = await call("POST", `/services/${id}/run`, { token: owner.access });
    if (res.status === 429) return null;
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }, 30_000);

describe("http checks", () => {
  it("sends headers, a body and basic credentials, asserts on a header and the body, and masks the password", async () => {
    const s = await create("secure", "http", {
      url: `${plain}/secure`,
      method: "POST",
      headers: { "X-Tenant": "acme" },
      body: '{"ping":1}',
      content_type: "application/json",
      auth: { type: "basic", username: "ops", password: "s3cret word" },
      assertions: [
        { source: "header", property: "X-Version", comparison: "matches", target: "^2\\.\\d+$" },
        { source: "body", comparison: "contains", target: 'hello acme, you sent {"ping":1}' },
        { source: "response_time", comparison: "less_than", target: 5000 },
      ],
    });
    expect(s.config.auth).toEqual({ type: "basic", username: "ops", password: "****" });
    const wrong = await create("secure, wrong password", "http", {
      url: `${plain}/secure`,
      auth: { type: "basic", username: "ops", password: "guess" },
    });
    const [ok, refused] = await Promise.all([run(s.id), run(wrong.id)]);
    expect(ok).toMatchObject({ outcome: "up", reason: null, status_code: 200, status: "operational" });
    expect(refused).toMatchObject({ outcome: "down", reason: "unexpected status 401" });
    // The masked password sent back keeps the stored one; the check still passes.
    const shown = (await call("GET", `/services/${s.id}`, { token: owner.access })).body.data;
    const put = await call("PATCH", `/services/${s.id}`, {
      token: owner.access,
      body: { config: { auth: shown.config.auth } },
    });
    expect(put.status, put.text).toBe(200);
    expect(await run(s.id)).toMatchObject({ outcome: "up" });
    const forged = await call("PATCH", `/services/${s.id}`, {
      token: owner.access,
      body: { config: { auth: { type: "basic", username: "ops", password: "****xxxx" } } },
    });
    expectStandardError(forged, 400, "VALIDATION_ERROR");
    expect(forged.body.error.details).toHaveProperty(["auth.password"]);
  }, 60_000);

  it("names the failing JSONPath assertion in the result, /errors, the incident and the webhook", async () => {
    apiState = "UP";
    const s = await create("json api", "http", {
      url: `${plain}/api`,
      assertions: [{ source: "json_body", property: "$.status", comparison: "equals", target: "UP" }],
    });
    expect(await run(s.id)).toMatchObject({ outcome: "up", status: "operational" });
    apiState = "DOWN";
    const reason = '$.status was "DOWN", wanted "UP"';
    expect(await run(s.id)).toMatchObject({ outcome: "down", reason });
    // The confirming re-check (10 s later) makes it down.
    const down = await eventually(async () => {
      const st = (await call("GET", `/services/${s.id}`, { token: owner.access })).body.data;
      return st.status === "down" ? st : null;
    }, 40_000);
    expect(down.status_reason).toBe(reason);
    const errors = (await call("GET", `/services/${s.id}/errors`, { token: owner.access })).body.data;
    expect(errors[0]).toMatchObject({ reason });
    const incidents = (await call("GET", `/incidents?service=${s.id}`, { token: owner.access })).body.data;
    expect(incidents).toEqual([expect.objectContaining({ kind: "service_down", status: "open", reason })]);
    expect((await sweep(null)).code).toBe(0); // delivers the outbox
    const hook = await eventually(() =>
      receiver.received
        .map((r) => JSON.parse(r.body))
        .find((b) => b.event === "incident.opened" && b.service?.id === s.id),
    );
    expect(hook.incident).toMatchObject({ reason, kind: "service_down" });
    apiState = "UP";
  }, 90_000);

  it("follows a redirect, or refuses to and reports the redirect's status", async () => {
    const [follow, stay] = await Promise.all([
      create("follows", "http", {
        url: `${plain}/old`,
        assertions: [{ source: "body", comparison: "equals", target: "moved here" }],
      }),
      create("stays", "http", { url: `${plain}/old`, follow_redirects: false }),
    ]);
    const accepting = await create("accepts 3xx", "http", {
      url: `${plain}/old`,
      follow_redirects: false,
      accepted_status_codes: ["200-299", "302"],
    });
    const [a, b, c] = await Promise.all([run(follow.id), run(stay.id), run(accepting.id)]);
    expect(a).toMatchObject({ outcome: "up", status_code: 200 });
    expect(b).toMatchObject({ outcome: "down", status_code: 302, reason: "unexpected status 302" });
    expect(c).toMatchObject({ outcome: "up", status_code: 302 });
  }, 60_000);

  it("is degraded with the days left below the warning, down once the certificate expired or is untrusted", async () => {
    const [soon, expired, untrusted] = await Promise.all([
      create("soon", "http", { url: `https://127.0.0.1:${ports.soon}/`, ignore_tls_errors: true }),
      create("expired", "http", { url: `https://127.0.0.1:${ports.expired}/`, ignore_tls_errors: true }),
      create("untrusted", "http", { url: `https://127.0.0.1:${ports.fine}/` }),
    ]);
    const [a, b, c] = await Promise.all([run(soon.id), run(expired.id), run(untrusted.id)]);
    expect(a).toMatchObject({
      outcome: "up",
      certificate_days_left: 5,
      reason: "certificate expires in 5 days (warning below 14)",
      status: "degraded",
    });
    expect((await call("GET", `/services/${soon.id}`, { token: owner.access })).body.data).toMatchObject({
      status: "degraded",
      status_reason: "certificate expires in 5 days (warning below 14)",
    });
    expect(b).toMatchObject({ outcome: "down", certificate_days_left: -2, reason: "certificate expired 2 days ago" });
    expect(c).toMatchObject({ outcome: "down", reason: expect.stringMatching(/^TLS error: .*self[- ]signed/) });
  }, 60_000);
});

describe("tls and dns checks", () => {
  it("checks a TLS port's certificate without HTTP", async () => {
    const [fine, soon, untrusted] = await Promise.all([
      create("tls fine", "tls", { host: "127.0.0.1", port: ports.fine, sni: "localhost", ignore_tls_errors: true }),
      create("tls soon", "tls", {
        host: "127.0.0.1",
        sni: "localhost",
        port: ports.soon,
        ignore_tls_errors: true,
        certificate_warning_days: 3,
        assertions: [{ source: "certificate_days_left", comparison: "greater_than", target: 7 }],
      }),
      create("tls untrusted", "tls", { host: "127.0.0.1", port: ports.fine }),
    ]);
    const [a, b, c] = await Promise.all([run(fine.id), run(soon.id), run(untrusted.id)]);
    expect(a).toMatchObject({ outcome: "up", reason: null, certificate_days_left: 89, status_code: null });
    expect(b).toMatchObject({ outcome: "down", reason: "certificate days left was 5, wanted > 7" });
    expect(c).toMatchObject({ outcome: "down", reason: expect.stringMatching(/^TLS error: /) });
  }, 60_000);

  it("asks a DNS server for answers and judges the rcode: an answer, NXDOMAIN (expected or not) and a timeout", async () => {
    dns.set("app.example.test", "A", ["10.1.2.3", "10.1.2.4"]);
    dns.set("mail.example.test", "MX", [{ preference: 10, exchange: "mx1.example.test" }]);
    dns.fail("slow.example.test", "timeout");
    const [answer, mx, gone, goneExpected, slow] = await Promise.all([
      create("dns a", "dns", {
        name: "app.example.test",
        resolver: dns.address,
        assertions: [{ source: "dns_answer", comparison: "equals", target: "10.1.2.4" }],
      }),
      create("dns mx", "dns", {
        name: "mail.example.test",
        record_type: "MX",
        resolver: dns.address,
        assertions: [{ source: "dns_answer", comparison: "contains", target: "10 mx1.example.test" }],
      }),
      create("dns gone", "dns", { name: "gone.example.test", resolver: dns.address }),
      create("dns gone expected", "dns", {
        name: "gone.example.test",
        resolver: dns.address,
        assertions: [{ source: "dns_rcode", comparison: "equals", target: "NXDOMAIN" }],
      }),
      create("dns slow", "dns", { name: "slow.example.test", resolver: dns.address, timeout: 1 }),
    ]);
    const results = await Promise.all([answer, mx, gone, goneExpected, slow].map((s) => run(s.id)));
    expect(results[0]).toMatchObject({ outcome: "up", reason: null });
    expect(results[1]).toMatchObject({ outcome: "up", reason: null });
    expect(results[2]).toMatchObject({ outcome: "down", reason: "NXDOMAIN: gone.example.test A" });
    expect(results[3]).toMatchObject({ outcome: "up" });
    expect(results[4]).toMatchObject({ outcome: "down", reason: "timeout after 1 s" });
    expect(dns.queries.some((q) => q.name === "app.example.test" && q.type === "A")).toBe(true);
  }, 60_000);
});

describe("grpc checks", () => {
  it("asks the standard health service over plaintext and TLS and follows SERVING / NOT_SERVING", async () => {
    const [whole, orders, unknown, overTls, untrusted] = await Promise.all([
      create("grpc server", "grpc", { host: "127.0.0.1", port: ports.grpc }),
      create("grpc orders", "grpc", {
        host: "localhost",
        port: ports.grpc,
        service: "shop.Orders",
        assertions: [{ source: "response_time", comparison: "less_than", target: 5000 }],
      }),
      create("grpc unknown", "grpc", { host: "127.0.0.1", port: ports.grpc, service: "shop.Nothing" }),
      create("grpc tls", "grpc", {
        host: "127.0.0.1",
        port: ports.grpcTls,
        tls: true,
        sni: "localhost",
        ignore_tls_errors: true,
      }),
      create("grpc tls untrusted", "grpc", { host: "127.0.0.1", port: ports.grpcTls, tls: true, sni: "localhost" }),
    ]);
    expect(whole.config).toEqual({ host: "127.0.0.1", port: ports.grpc, service: "", tls: false, timeout: 10 });
    const first = await Promise.all([whole, orders, unknown, overTls, untrusted].map((s) => run(s.id)));
    expect(first[0]).toMatchObject({ outcome: "up", reason: null, status: "operational" });
    expect(first[1]).toMatchObject({ outcome: "up", reason: null });
    expect(first[2]).toMatchObject({ outcome: "down", reason: "health status SERVICE_UNKNOWN for shop.Nothing" });
    expect(first[3]).toMatchObject({ outcome: "up", reason: null });
    expect(first[4]).toMatchObject({ outcome: "down", reason: expect.stringMatching(/^TLS error: .*self[- ]signed/) });
    health.setStatus("shop.Orders", "NOT_SERVING");
    const expectingIt = await create("grpc orders expected down", "grpc", {
      host: "127.0.0.1",
      port: ports.grpc,
      service: "shop.Orders",
      assertions: [{ source: "grpc_status", comparison: "equals", target: "NOT_SERVING" }],
    });
    const [flipped, expected] = await Promise.all([run(orders.id), run(expectingIt.id)]);
    expect(flipped).toMatchObject({ outcome: "down", reason: "health status NOT_SERVING for shop.Orders" });
    expect(expected).toMatchObject({ outcome: "up", reason: null });
    health.setStatus("shop.Orders", "SERVING");
    expect(await run(expectingIt.id)).toMatchObject({
      outcome: "down",
      reason: 'health status was "SERVING", wanted "NOT_SERVING"',
    });
  }, 90_000);
});

describe("ping checks", () => {
  it("is up pinging 127.0.0.1, down with every packet lost from a namespace whose loopback ignores echo requests", async () => {
    const silentProbe = await privateProbe(owner, "silent namespace");
    const silent = await startProbeInSilentNamespace(baseUrl(), silentProbe.token);
    cleanup.push(() => silent.stop());
    const [up, lost] = await Promise.all([
      create("ping loopback", "ping", {
        host: "127.0.0.1",
        count: 2,
        assertions: [{ source: "packet_loss", comparison: "equals", target: 0 }],
      }),
      call("POST", "/services", {
        token: owner.access,
        body: {
          name: "ping unanswered",
          type: "ping",
          config: { host: "127.0.0.1", count: 2, timeout: 2 },
          interval: 600,
          probe_ids: [silentProbe.id],
        },
      }),
    ]);
    expect(up.config).toMatchObject({ host: "127.0.0.1", count: 2, timeout: 10 });
    expect(lost.status, lost.text).toBe(201);
    const [a, b] = await Promise.all([run(up.id), run(lost.body.data.id)]);
    expect(a).toMatchObject({ outcome: "up", reason: null, status: "operational" });
    expect(a.response_time_ms).toBeLessThan(100);
    expect(b, silent.output()).toMatchObject({ outcome: "down", reason: "no reply: 2 of 2 packets lost" });
  }, 60_000);
});

describe("browser checks", () => {
  it("runs the steps in the host's Chromium, times them, names the step that fails and keeps its screenshot", async () => {
    const steps = [
      { action: "expect_title", contains: "Sign in" },
      { action: "fill", selector: "#user", value: "ops" },
      { action: "click", selector: "text=Sign in" },
      { action: "wait_for_text", text: "Welcome, ops" },
      { action: "expect_url", contains: "/home?user=ops" },
      { action: "expect_title", contains: "Home" },
    ];
    const [passing, failing] = await Promise.all([
      create("browser sign-in", "browser", { url: `${plain}/login`, steps, timeout: 30 }),
      create("browser sign-in, wrong text", "browser", {
        url: `${plain}/login`,
        steps: [
          { action: "fill", selector: "#user", value: "ops" },
          { action: "press", selector: "#user", key: "Enter" },
          { action: "expect_text", text: "Dashboard" },
        ],
        timeout: 10,
      }),
    ]);
    // Five older failed runs of the failing service with screenshots: storing the new one prunes the oldest (5 kept).
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    const older: number[] = [];
    for (const minutes of [5, 4, 3, 2, 1]) {
      const [row] = await testDb().query<{ id: number }>(
        "INSERT INTO check_results (service_id, probe_id, started_at, up, response_time_ms) VALUES (?, ?, ?, ?, 1) RETURNING id",
        [failing.id, probe.id, new Date(Date.now() - minutes * 60_000), false],
      );
      older.push(Number(row!.id));
      await testDb().run(
        "INSERT INTO check_screenshots (result_id, service_id, step, image) VALUES (?, ?, 'load', ?)",
        [older.at(-1), failing.id, jpeg],
      );
    }
    const [a, b] = await Promise.all([run(passing.id), run(failing.id)]);
    expect(a).toMatchObject({ outcome: "up", reason: null, status: "operational" });
    expect(a.timing.first_byte_ms).toBeGreaterThan(0);
    expect(a.steps.map((t: { step: string }) => t.step)).toEqual([
      "load",
      ...steps.map((_, i) => expect.stringMatching(`^step ${i + 1} `)),
    ]);
    expect(b).toMatchObject({
      outcome: "down",
      reason: 'step 3 (expect_text "Dashboard"): text "Dashboard" not found',
    });
    // The failed run's timings: the load, then each step run, the failing one last.
    const failed = (await call("GET", `/services/${failing.id}/errors`, { token: owner.access })).body.data[0];
    expect(failed.steps.map((t: { step: string }) => t.step)).toEqual([
      "load",
      'step 1 (fill "#user")',
      "step 2 (press Enter)",
      'step 3 (expect_text "Dashboard")',
    ]);
    expect(failed.steps.every((t: { ms: number }) => t.ms >= 0)).toBe(true);
    expect(failed.screenshot).toBe(true);
    // Its screenshot, a JPEG within the bound, to the owner only; the oldest kept one is pruned.
    const shot = await fetch(`${baseUrl()}/api/v1/services/${failing.id}/screenshots/${failed.id}`, {
      headers: { Authorization: `Bearer ${owner.access}` },
    });
    expect(shot.status).toBe(200);
    expect(shot.headers.get("content-type")).toBe("image/jpeg");
    const image = Buffer.from(await shot.arrayBuffer());
    expect([image[0], image[1]]).toEqual([0xff, 0xd8]);
    expect(image.length).toBeLessThanOrEqual(200 * 1024);
    // The service page shows it, named after the failed step, through the dashboard's own route.
    const cookie = await dashboardCookie(baseUrl(), owner.email, owner.password);
    const view = await (await fetch(`${baseUrl()}/services/${failing.id}`, { headers: { cookie } })).text();
    const src = `/api/dashboard/services/${failing.id}/screenshots/${failed.id}`;
    expect(view).toContain(`src="${src}"`);
    expect(view).toContain('alt="Screenshot of the failed browser run at step 3 (expect_text &quot;Dashboard&quot;)"');
    const shown = await fetch(`${baseUrl()}${src}`, { headers: { cookie } });
    expect([shown.status, shown.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    const stranger = await registerUser("browser-shot-stranger");
    expectStandardError(
      await call("GET", `/services/${failing.id}/screenshots/${failed.id}`, { token: stranger.access }),
      404,
      "NOT_FOUND",
    );
    const kept = await testDb().query<{ result_id: number }>(
      "SELECT result_id FROM check_screenshots WHERE service_id = ? ORDER BY result_id",
      [failing.id],
    );
    expect(kept.map((r) => Number(r.result_id))).toEqual([...older.slice(1), failed.id]);
    expectStandardError(
      await call("GET", `/services/${failing.id}/screenshots/${older[0]}`, { token: owner.access }),
      404,
      "NOT_FOUND",
    );
    // Deleting the service deletes its screenshots (its results wait for retention).
    expect((await call("DELETE", `/services/${failing.id}`, { token: owner.access })).status).toBe(204);
    expect(await testDb().query("SELECT result_id FROM check_screenshots WHERE service_id = ?", [failing.id])).toEqual(
      [],
    );
  }, 90_000);

  it("keeps a check's cookies within the check: the next check on the same probe (and its Chromium) sends none", async () => {
    const [keeps, next] = await Promise.all([
      create("browser cookie, kept within the check", "browser", {
        url: `${plain}/set-cookie`,
        steps: [
          { action: "goto", url: `${plain}/cookies` },
          { action: "expect_text", text: "cookies: session=s3cret" },
        ],
        timeout: 30,
      }),
      create("browser cookie, none from another check", "browser", {
        url: `${plain}/cookies`,
        steps: [{ action: "expect_text", text: "cookies: none" }],
        timeout: 30,
      }),
    ]);
    expect(await run(keeps.id)).toMatchObject({ outcome: "up", reason: null });
    expect(await run(next.id)).toMatchObject({ outcome: "up", reason: null });
  }, 90_000);
});

describe("the types a probe runs", () => {
  it("leases a probe only the check types it says it can run, and refuses an unknown type", async () => {
    const bare = await privateProbe(owner, "no chromium");
    const made = await Promise.all(
      [
        ["browser", { url: `${plain}/login` }],
        ["tcp", { host: "127.0.0.1", port: 9 }],
      ].map(([type, config]) =>
        call("POST", "/services", {
          token: owner.access,
          body: { name: `on bare ${String(type)}`, type, config, interval: 600, probe_ids: [bare.id] },
        }),
      ),
    );
    const [browserId, tcpId] = made.map((r) => (expect(r.status, r.text).toBe(201), r.body.data.id as number)) as [
      number,
      number,
    ];
    const lease = (body: Record<string, unknown>) =>
      call("POST", "/probe/leases", { headers: { "X-Auth": bare.token }, body: { lookahead_seconds: 0, ...body } });
    const without = await lease({ types: ["http", "tcp", "dns", "tls", "grpc", "ping"] });
    expect(without.status, without.text).toBe(200);
    expect(without.body.data.map((l: { service_id: number }) => l.service_id)).toEqual([tcpId]);
    const all = await lease({});
    expect(all.body.data.map((l: { service_id: number }) => l.service_id)).toEqual([browserId]);
    expect(all.body.data[0].check).toMatchObject({ type: "browser" });
    expectStandardError(await lease({ types: ["gopher"] }), 400, "VALIDATION_ERROR");
  });
});

describe("configuration", () => {
  it("serves each new type's schema and refuses a bad config of each with field details on REST and tRPC", async () => {
    for (const type of ["dns", "tls", "grpc", "ping", "browser"]) {
      const res = await call("GET", `/service-types/${type}/schema`, { token: owner.access });
      expect(res.status).toBe(200);
      expect(res.body.data.properties).toHaveProperty("assertions");
    }
    const refusals: [string, Record<string, unknown>, string[]][] = [
      [
        "dns",
        {
          name: "example.test",
          record_type: "PTR",
          resolver: "127.0.0.1:99999",
          assertions: [{ source: "header", property: "x", comparison: "matches", target: "(a)\\1" }],
        },
        ["assertions.0.source", "assertions.0.target", "record_type", "resolver"],
      ],
      [
        "grpc",
        {
          host: "bad host",
          service: "not a/service",
          tls: "yes",
          assertions: [{ source: "dns_rcode", comparison: "equals", target: "NOERROR" }],
        },
        ["assertions.0.source", "host", "port", "service", "tls"],
      ],
      [
        "ping",
        { host: "-c 1 127.0.0.1", count: 11, port: 7, assertions: [{ source: "packet_loss", comparison: "is_big" }] },
        ["assertions.0.comparison", "config", "count", "host"],
      ],
      [
        "browser",
        {
          url: "file:///etc/passwd",
          timeout: 2,
          steps: [
            { action: "evaluate", script: "alert(1)" },
            { action: "press", key: "Enter; rm" },
          ],
        },
        ["steps.0.action", "steps.1.key", "timeout", "url"],
      ],
    ];
    const cookie = await dashboardCookie(baseUrl(), owner.email, owner.password);
    for (const [type, config, keys] of refusals) {
      const bad = { name: "bad", type, config };
      const rest = await call("POST", "/services", { token: owner.access, body: bad });
      expectStandardError(rest, 400, "VALIDATION_ERROR");
      expect(Object.keys(rest.body.error.details).sort(), type).toEqual(keys);
      const trpc = await trpcMutation(baseUrl(), "services.create", bad, { cookie });
      expect(trpc.status).toBe(400);
      expect(trpc.body.error.data.appCode).toBe("VALIDATION_ERROR");
      expect(Object.keys(trpc.body.error.data.details).sort(), type).toEqual(keys);
    }
  });
});

/** The first platform probe of the suite's server, registered when there is none. */
async function aPlatformProbe(): Promise<number> {
  const first = await testDb().one<{ id: number }>("SELECT id FROM probes WHERE kind = 'platform' ORDER BY id LIMIT 1");
  return first?.id ?? (await platformProbe(testDb(), "check-types tests")).id;
}

describe("the probes that can serve a service", () => {
  it("lists its private probes, each serving it only when it runs the service's type (as said at its latest lease), or the platform probes", async () => {
    const bare = await privateProbe(owner, "serving");
    const made = await Promise.all(
      [
        ["browser", { url: `${plain}/login` }],
        ["tcp", { host: "127.0.0.1", port: 9 }],
      ].map(([type, config]) =>
        call("POST", "/services", {
          token: owner.access,
          body: { name: `served ${String(type)}`, type, config, interval: 600, probe_ids: [bare.id] },
        }),
      ),
    );
    const [browserId, tcpId] = made.map((r) => (expect(r.status, r.text).toBe(201), r.body.data.id as number)) as [
      number,
      number,
    ];
    const probesOf = async (id: number) => {
      const res = await call("GET", `/services/${id}/probes`, { token: owner.access });
      expect(res.status, res.text).toBe(200);
      return res.body.data;
    };
    // Before its first lease the probe has not said its types: it runs every type.
    expect(await probesOf(browserId)).toEqual([
      expect.objectContaining({ id: bare.id, kind: "private", check_types: null, can_serve: true, reason: null }),
    ]);
    const lease = await call("POST", "/probe/leases", {
      headers: { "X-Auth": bare.token },
      body: { lookahead_seconds: 0, types: ["http", "tcp", "dns"] },
    });
    expect(lease.status, lease.text).toBe(200);
    expect(await probesOf(browserId)).toEqual([
      expect.objectContaining({
        id: bare.id,
        check_types: ["dns", "http", "tcp"],
        can_serve: false,
        reason: "it does not run browser checks (it runs dns, http, tcp)",
      }),
    ]);
    expect(await probesOf(tcpId)).toEqual([expect.objectContaining({ id: bare.id, can_serve: true })]);
    // A service on no private probe: the platform probes.
    const platform = await aPlatformProbe();
    const onPlatform = await call("POST", "/services", {
      token: owner.access,
      body: { name: "served by the platform", type: "tcp", config: { host: "127.0.0.1", port: 9 }, enabled: false },
    });
    const listed = await probesOf(onPlatform.body.data.id);
    expect(listed.every((p: { kind: string }) => p.kind === "platform")).toBe(true);
    expect(listed.map((p: { id: number }) => p.id)).toContain(platform);
    // The same list on tRPC; another account's service is not found.
    const cookie = await dashboardCookie(baseUrl(), owner.email, owner.password);
    const trpc = await trpcQuery(baseUrl(), "services.probes", { id: tcpId }, { cookie });
    expect(trpc.body.result.data.data).toEqual(await probesOf(tcpId));
    const stranger = await registerUser("check-types-stranger");
    expectStandardError(await call("GET", `/services/${tcpId}/probes`, { token: stranger.access }), 404, "NOT_FOUND");
  });
});

describe("testing a configuration before saving it", () => {
  // The suite's server runs no platform probe process; a test runs in the web process on a
  // registered platform probe's behalf, as run-now does.
  let platform = 0;
  beforeAll(async () => {
    platform = await aPlatformProbe();
  });

  it("runs it once from a platform probe and answers every assertion's outcome on REST and tRPC, storing nothing", async () => {
    apiState = "UP";
    const before = (await call("GET", "/services", { token: owner.access })).body.meta.total;
    const draft = {
      type: "http",
      config: {
        url: `${plain}/api`,
        assertions: [
          { source: "json_body", property: "$.status", comparison: "equals", target: "UP" },
          { source: "json_body", property: "/n", comparison: "greater_than", target: 5 },
          { source: "header", property: "Content-Type", comparison: "contains", target: "json" },
        ],
      },
    };
    const rest = await call("POST", "/services/test", { token: owner.access, body: draft });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.data).toMatchObject({
      probe_id: platform,
      outcome: "down",
      reason: "/n was 3, wanted > 5",
      status_code: 200,
    });
    expect(rest.body.data.assertions).toEqual([
      expect.objectContaining({ source: "json_body", property: "$.status", passed: true, actual: '"UP"' }),
      expect.objectContaining({ passed: false, actual: "3", description: "/n was 3, wanted > 5" }),
      expect.objectContaining({ source: "header", passed: true, actual: '"application/json"' }),
    ]);
    const cookie = await dashboardCookie(baseUrl(), owner.email, owner.password);
    const trpc = await trpcMutation(baseUrl(), "services.test", draft, { cookie });
    expect(trpc.status, trpc.text).toBe(200);
    expect(trpc.body.result.data.data.assertions.map((a: { passed: boolean }) => a.passed)).toEqual([
      true,
      false,
      true,
    ]);
    expect((await call("GET", "/services", { token: owner.access })).body.meta.total).toBe(before);
  });

  it("refuses a bad config, another organization's probe (404) and a second test in flight (429)", async () => {
    const other = await registerUser("check-types-other");
    await setPlan(other, "enterprise");
    const theirs = await privateProbe(other, "their office");
    const cookie = await dashboardCookie(baseUrl(), owner.email, owner.password);
    const bad = {
      type: "http",
      config: { url: "ftp://x", assertions: [{ source: "dns_rcode", comparison: "equals" }] },
    };
    const rest = await call("POST", "/services/test", { token: owner.access, body: bad });
    expectStandardError(rest, 400, "VALIDATION_ERROR");
    expect(Object.keys(rest.body.error.details)).toEqual(expect.arrayContaining(["url"]));
    const trpc = await trpcMutation(baseUrl(), "services.test", bad, { cookie });
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.data.appCode).toBe("VALIDATION_ERROR");
    const draft = { type: "tcp", config: { host: "127.0.0.1", port: 1 } };
    expectStandardError(
      await call("POST", "/services/test", { token: owner.access, body: { ...draft, type: "smtp" } }),
      400,
      "VALIDATION_ERROR",
    );
    expectStandardError(
      await call("POST", "/services/test", { token: owner.access, body: { ...draft, probe: theirs.id } }),
      404,
      "NOT_FOUND",
    );
    const slow = { type: "http", config: { url: `${plain}/slow` } };
    const both = await Promise.all([
      call("POST", "/services/test", { token: other.access, body: slow }),
      call("POST", "/services/test", { token: other.access, body: slow }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
    expectStandardError(
      both.find((r) => r.status === 429)!,
      429,
      "RATE_LIMITED",
    );
  });

  it("runs it from a private probe through the probe protocol; refuses a member without probe.use (403), a probe that does not run the type (400) and one stopped (409 after the check's timeout + 10 s)", async () => {
    apiState = "UP";
    const draft = {
      type: "http",
      config: {
        url: `${plain}/api`,
        assertions: [
          { source: "json_body", property: "$.status", comparison: "equals", target: "UP" },
          { source: "json_body", property: "$.n", comparison: "greater_than", target: 5 },
        ],
      },
    };
    // The suite's private probe process (once it has called) leases the test and reports it: loopback is its own network.
    const seen = (id: number) => async () => {
      const row = await testDb().one<{ check_types: string | null }>("SELECT check_types FROM probes WHERE id = ?", [
        id,
      ]);
      return row?.check_types?.includes("http") ? row : null;
    };
    const quiet = await privateProbe(owner, "stopped");
    const agent = startProbe(baseUrl(), quiet.token, { CHROMIUM_PATH: "/nonexistent/chromium" });
    cleanup.push(() => agent.stop());
    await eventually(seen(probe.id), 30_000);
    const rest = await call("POST", "/services/test", { token: owner.access, body: { ...draft, probe: probe.id } });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.data).toMatchObject({ probe_id: probe.id, outcome: "down", reason: "$.n was 3, wanted > 5" });
    expect(rest.body.data.assertions).toEqual([
      expect.objectContaining({ property: "$.status", passed: true, actual: '"UP"' }),
      expect.objectContaining({ property: "$.n", passed: false, actual: "3", description: "$.n was 3, wanted > 5" }),
    ]);
    // A probe that said it runs no browser checks, then stopped.
    await eventually(seen(quiet.id), 30_000);
    await agent.stop();
    const asked = Date.now();
    const silent = call("POST", "/services/test", {
      token: owner.access,
      body: { type: "tcp", config: { host: "127.0.0.1", port: 9, timeout: 1 }, probe: quiet.id },
    });
    const noBrowser = await call("POST", "/services/test", {
      token: owner.access,
      body: { type: "browser", config: { url: `${plain}/login` }, probe: quiet.id },
    });
    expectStandardError(noBrowser, 400, "VALIDATION_ERROR");
    expect(noBrowser.body.error.details.probe[0]).toMatch(/does not run browser checks/);
    const member = await registerUser("check-types-member");
    const joined = await call("POST", `/orgs/${owner.orgSlug}/members`, {
      token: owner.access,
      body: { email: member.email, role: "member" },
    });
    expect(joined.status, joined.text).toBe(201);
    expectStandardError(
      await call("POST", "/services/test", { token: member.access, body: { ...draft, probe: probe.id } }),
      403,
      "FORBIDDEN",
    );
    const never = await privateProbe(owner, "never started");
    const offline = await call("POST", "/services/test", { token: owner.access, body: { ...draft, probe: never.id } });
    expectStandardError(offline, 409, "CONFLICT");
    expect(offline.body.error.message).toBe(`Probe ${never.id} is offline (never seen): is it running?`);
    const late = await silent;
    expectStandardError(late, 409, "CONFLICT");
    expect(late.body.error.message).toBe(`Probe ${quiet.id} did not answer within 11 s: is it running?`);
    expect(late.body.error.details.probe).toEqual([late.body.error.message]);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(10_500);
    // The jobs (credentials included) are gone once answered or given up.
    expect(await testDb().query("SELECT id FROM probe_tests WHERE probe_id IN (?, ?)", [probe.id, quiet.id])).toEqual(
      [],
    );
  }, 60_000);
});
