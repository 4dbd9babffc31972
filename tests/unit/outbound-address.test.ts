import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { classifyAddress, isPublicAddress } from "../../src/server/outbound/address";
import {
  guardedRequest,
  literalTargetRefusal,
  OutboundRefusedError,
  resolveTarget,
} from "../../src/server/outbound/guard";

// Pure classification: no request leaves the machine. The guard tests below talk to loopback only.
describe("outbound address classifier", () => {
  it.each([
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "carrier-grade-nat"],
    ["100.127.255.254", "carrier-grade-nat"],
    ["169.254.169.254", "metadata"],
    ["169.254.1.1", "link-local"],
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.251", "multicast"],
    ["192.0.2.10", "reserved"],
    ["240.0.0.1", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fd00::1", "unique-local"],
    ["fc12:3456::1", "unique-local"],
    ["fd00:ec2::254", "metadata"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "metadata"],
    ["64:ff9b::a9fe:a9fe", "metadata"],
    ["2002:c0a8:0101::1", "private"],
    ["2001:db8::1", "reserved"],
    ["[::1]", "loopback"],
    ["not-an-ip", "invalid"],
  ])("classifies %s as %s", (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "1.1.1.1",
    "100.63.255.255",
    "172.32.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
  ])("classifies %s as public", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe("outbound guard", () => {
  const closed = { allowPrivate: false };
  const open = { allowPrivate: true };

  it("names the reason and the setting when a literal target is refused", () => {
    expect(literalTargetRefusal("http://169.254.169.254/latest/meta-data/", closed)).toMatch(
      /169\.254\.169\.254 is a cloud metadata address.*OUTBOUND_ALLOW_PRIVATE/,
    );
    expect(literalTargetRefusal("http://[::1]:8080/x", closed)).toMatch(/::1 is a loopback address/);
    expect(literalTargetRefusal("http://LOCALHOST:80/", closed)).toMatch(/localhost is a loopback address/);
    expect(literalTargetRefusal("https://hooks.example.com/x", closed)).toBeNull(); // known only after DNS
    expect(literalTargetRefusal("http://127.0.0.1/", open)).toBeNull();
  });

  it("refuses a host name that resolves to loopback unless private targets are allowed", async () => {
    await expect(resolveTarget("localhost", closed)).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(resolveTarget("localhost", open)).resolves.toMatchObject({
      address: expect.stringMatching(/^(127\.|::1$)/),
    });
  });

  it("never connects to a refused target, connects when allowed, follows no redirect and caps the body", async () => {
    let hits = 0;
    const server = http.createServer((req, res) => {
      hits++;
      if (req.url === "/redirect") {
        res.writeHead(302, { location: "/big" }).end();
        return;
      }
      res.writeHead(200).end("x".repeat(100_000));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    try {
      for (const host of ["127.0.0.1", "localhost"]) {
        await expect(guardedRequest(`http://${host}:${port}/big`, { policy: closed })).rejects.toBeInstanceOf(
          OutboundRefusedError,
        );
      }
      expect(hits).toBe(0);
      const big = await guardedRequest(`http://localhost:${port}/big`, { policy: open, maxBodyBytes: 1000 });
      expect(big).toMatchObject({ status: 200, truncated: true });
      expect(big.body.length).toBe(1000);
      const redirect = await guardedRequest(`http://127.0.0.1:${port}/redirect`, { policy: open });
      expect(redirect.status).toBe(302);
      expect(hits).toBe(2);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("gives up after its time limit", async () => {
    const server = http.createServer(() => {}); // never answers
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    try {
      const started = Date.now();
      await expect(guardedRequest(`http://127.0.0.1:${port}/`, { policy: open, timeoutMs: 300 })).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
