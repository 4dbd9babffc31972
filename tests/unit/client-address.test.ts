import { describe, expect, it } from "vitest";
import { parseTrustProxy, resolveClientAddress, type TrustProxy } from "../../src/server/domain/client-address";

const trust = (value?: string) => parseTrustProxy(value) as TrustProxy;

describe("the client address per TRUST_PROXY", () => {
  it("is the socket's peer by default, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("127.0.0.1", "203.0.113.9", trust(undefined))).toBe("127.0.0.1");
    expect(resolveClientAddress("::ffff:10.1.2.3", "203.0.113.9, 198.51.100.1", trust(""))).toBe("10.1.2.3");
    expect(resolveClientAddress(null, "203.0.113.9", trust(undefined))).toBeNull();
  });

  it("skips as many hops as the operator counts, from the right", () => {
    expect(resolveClientAddress("10.0.0.2", "192.0.2.1, 203.0.113.9", trust("1"))).toBe("203.0.113.9");
    expect(resolveClientAddress("10.0.0.2", "192.0.2.1, 203.0.113.9, 10.0.0.1", trust("2"))).toBe("203.0.113.9");
    expect(resolveClientAddress("10.0.0.2", null, trust("1"))).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "203.0.113.9", trust("5"))).toBe("203.0.113.9");
  });

  it("skips trusted proxies by CIDR and stops at the first untrusted entry", () => {
    const proxies = trust("10.0.0.0/8, ::1");
    expect(resolveClientAddress("10.0.0.2", "192.0.2.1, 203.0.113.9, 10.9.9.9", proxies)).toBe("203.0.113.9");
    expect(resolveClientAddress("::1", "203.0.113.9", proxies)).toBe("203.0.113.9");
    expect(resolveClientAddress("198.51.100.7", "203.0.113.9", proxies)).toBe("198.51.100.7"); // not a proxy: its header is ignored
    expect(resolveClientAddress("10.0.0.2", "garbage, 203.0.113.9", proxies)).toBe("203.0.113.9");
    expect(resolveClientAddress("10.0.0.2", "203.0.113.9, garbage", proxies)).toBe("10.0.0.2");
  });

  it("refuses a TRUST_PROXY that is neither a hop count nor addresses", () => {
    expect(parseTrustProxy("yes")).toBeInstanceOf(Error);
    expect(parseTrustProxy("10.0.0.0/33")).toBeInstanceOf(Error);
    expect(parseTrustProxy("64")).toBeInstanceOf(Error);
    expect(parseTrustProxy("127.0.0.1")).toMatchObject({ kind: "cidrs" });
  });
});
