import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureReason, runCheck, type HttpCheck } from "../../src/server/checks";

const open = { policy: { allowPrivate: true } };
const servers: (http.Server | net.Server)[] = [];
let base = "";
let hits = 0;
let certPem = "";
let httpsBase = "";

function listen(server: http.Server | net.Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
  );
}

function handler(req: http.IncomingMessage, res: http.ServerResponse) {
  hits++;
  const url = new URL(req.url ?? "/", "http://x");
  if (url.pathname === "/ok") return res.end("all systems go");
  if (url.pathname === "/fail") return ((res.statusCode = 500), res.end("boom"));
  if (url.pathname === "/hang") return; // never answers
  if (url.pathname === "/slow-body") return res.write("partial"); // headers, then nothing
  if (url.pathname.startsWith("/redirect/")) {
    const n = Number(url.pathname.split("/")[2]);
    res.statusCode = 302;
    res.setHeader("location", n > 1 ? `/redirect/${n - 1}` : "/ok");
    return res.end();
  }
  if (url.pathname === "/loop") return ((res.statusCode = 302), res.setHeader("location", "/loop"), res.end());
  res.statusCode = 404;
  res.end();
}

const httpCheck = (p: string, extra: Partial<HttpCheck> = {}): HttpCheck => ({
  type: "http",
  url: `${base}${p}`,
  method: "GET",
  expectedStatusCode: 200,
  timeoutSeconds: 5,
  ...extra,
});

async function closedPort(): Promise<number> {
  const s = net.createServer();
  const port = await new Promise<number>((r) =>
    s.listen(0, "127.0.0.1", () => r((s.address() as net.AddressInfo).port)),
  );
  await new Promise((r) => s.close(r));
  return port;
}

beforeAll(async () => {
  base = `http://127.0.0.1:${await listen(http.createServer(handler))}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "checks-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
      "-days",
      "30",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  certPem = fs.readFileSync(path.join(dir, "cert.pem"), "utf8");
  const tlsServer = https.createServer({ key: fs.readFileSync(path.join(dir, "key.pem")), cert: certPem }, handler);
  httpsBase = `https://127.0.0.1:${await listen(tlsServer)}`;
});

afterAll(() => {
  for (const s of servers) {
    (s as http.Server).closeAllConnections?.();
    s.close();
  }
});

describe("an http check", () => {
  it("is up when the server answers the expected status, with the status and the connection's timing", async () => {
    const r = await runCheck(httpCheck("/ok"), open);
    expect(r).toMatchObject({ outcome: "up", reason: null, statusCode: 200, certificateDaysLeft: null });
    expect(r.timing.dnsMs).not.toBeNull();
    expect(r.timing.connectMs).not.toBeNull();
    expect(r.timing.firstByteMs).not.toBeNull();
    expect(r.timing.tlsMs).toBeNull();
    expect(r.responseTimeMs).toBeGreaterThan(0);
  });

  it("is down with 'unexpected status 500' when the server answers 500", async () => {
    expect(await runCheck(httpCheck("/fail"), open)).toMatchObject({
      outcome: "down",
      reason: "unexpected status 500",
      statusCode: 500,
    });
  });

  it("is up when the expected status is the 500 the server gives", async () => {
    expect((await runCheck(httpCheck("/fail", { expectedStatusCode: 500 }), open)).outcome).toBe("up");
  });

  it("times out against a server that never answers, within the check's timeout", async () => {
    const t0 = Date.now();
    const r = await runCheck(httpCheck("/hang", { timeoutSeconds: 1 }), open);
    expect(r).toMatchObject({ outcome: "down", reason: "timeout after 1 s", statusCode: null });
    expect(Date.now() - t0).toBeLessThan(2500);
  });

  it("times out when the body never ends while a keyword is looked for", async () => {
    const r = await runCheck(httpCheck("/slow-body", { timeoutSeconds: 1, keyword: "never" }), open);
    expect(r).toMatchObject({ outcome: "down", reason: "timeout after 1 s" });
  });

  it("is down with 'keyword missing' when the body lacks the keyword, up when it has it", async () => {
    expect(await runCheck(httpCheck("/ok", { keyword: "unicorn" }), open)).toMatchObject({
      outcome: "down",
      reason: "keyword missing",
      statusCode: 200,
    });
    expect((await runCheck(httpCheck("/ok", { keyword: "systems go" }), open)).outcome).toBe("up");
  });

  it("follows up to 5 redirects, and reports the 6th redirect as the outcome", async () => {
    expect(await runCheck(httpCheck("/redirect/5"), open)).toMatchObject({ outcome: "up", statusCode: 200 });
    expect(await runCheck(httpCheck("/loop"), open)).toMatchObject({
      outcome: "down",
      reason: "unexpected status 302",
    });
  });

  it("is down with 'connection refused' against a closed port", async () => {
    const port = await closedPort();
    const r = await runCheck({ ...httpCheck("/"), url: `http://127.0.0.1:${port}/` }, open);
    expect(r).toMatchObject({ outcome: "down", reason: "connection refused", statusCode: null });
  });

  it("reports the certificate's days to expiry and the TLS time of an https target", async () => {
    const r = await runCheck({ ...httpCheck("/ok"), url: `${httpsBase}/ok` }, { ...open, ca: certPem });
    expect(r).toMatchObject({ outcome: "up", statusCode: 200 });
    expect(r.certificateDaysLeft).toBeGreaterThanOrEqual(29);
    expect(r.certificateDaysLeft).toBeLessThanOrEqual(30);
    expect(r.timing.tlsMs).not.toBeNull();
  });

  it("is down with a TLS error when the certificate is not trusted", async () => {
    const r = await runCheck({ ...httpCheck("/ok"), url: `${httpsBase}/ok` }, open);
    expect(r.outcome).toBe("down");
    expect(r.reason).toMatch(/^TLS error: .*self[- ]signed/i);
  });

  it("refuses a loopback target under the default policy without connecting, and says why", async () => {
    const before = hits;
    const r = await runCheck(httpCheck("/ok"), { policy: { allowPrivate: false } });
    expect(r.outcome).toBe("down");
    expect(r.reason).toMatch(/^refused: 127\.0\.0\.1 is a loopback address/);
    expect(hits).toBe(before);
  });

  it("checks any address when no policy applies (a private probe)", async () => {
    expect((await runCheck(httpCheck("/ok"), { policy: null })).outcome).toBe("up");
  });
});

describe("a tcp check", () => {
  it("is up when the port accepts a connection", async () => {
    const port = await listen(net.createServer((s) => s.end()));
    const r = await runCheck({ type: "tcp", host: "127.0.0.1", port, timeoutSeconds: 2 }, open);
    expect(r).toMatchObject({ outcome: "up", reason: null, statusCode: null });
    expect(r.timing.connectMs).not.toBeNull();
  });

  it("is down with 'connection refused' against a closed port", async () => {
    const r = await runCheck({ type: "tcp", host: "127.0.0.1", port: await closedPort(), timeoutSeconds: 2 }, open);
    expect(r).toMatchObject({ outcome: "down", reason: "connection refused" });
  });

  it("refuses a loopback host under the default policy", async () => {
    const r = await runCheck(
      { type: "tcp", host: "localhost", port: 80, timeoutSeconds: 2 },
      { policy: { allowPrivate: false } },
    );
    expect(r.reason).toMatch(/^refused: .* loopback address/);
  });
});

describe("the words for a failed check", () => {
  it("names DNS failures, resets and unreachable hosts", () => {
    expect(failureReason({ code: "ENOTFOUND" }, 5, false)).toBe("DNS failure: the host name does not resolve");
    expect(failureReason({ code: "EAI_AGAIN" }, 5, false)).toBe("DNS failure: the host name does not resolve");
    expect(failureReason({ code: "ECONNRESET" }, 5, false)).toBe("connection reset");
    expect(failureReason({ code: "EHOSTUNREACH" }, 5, false)).toBe("host unreachable");
    expect(failureReason({ name: "AbortError" }, 7, true)).toBe("timeout after 7 s");
  });
});
