import { describe, expect, it } from "vitest";
import { newNonce, securityHeaders } from "../../src/server/security-headers";

describe("browser security headers", () => {
  it("send HSTS and upgrade insecure requests only when APP_URL is https", () => {
    const https = securityHeaders("n0nce", { dev: false, https: true });
    expect(https["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(https["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
    const http = securityHeaders("n0nce", { dev: false, https: false });
    expect(http["Strict-Transport-Security"]).toBeUndefined();
    expect(http["Content-Security-Policy"]).not.toContain("upgrade-insecure-requests");
  });

  it("allow eval only in development, and always forbid framing", () => {
    const prod = securityHeaders("abc", { dev: false, https: false })["Content-Security-Policy"]!;
    expect(prod).toContain("script-src 'self' 'nonce-abc';");
    expect(prod).not.toContain("unsafe-eval");
    expect(prod).toContain("frame-ancestors 'none'");
    expect(securityHeaders("abc", { dev: true, https: false })["Content-Security-Policy"]).toContain("'unsafe-eval'");
    expect(securityHeaders("abc", { dev: false, https: false })["X-Frame-Options"]).toBe("DENY");
  });

  it("draw a fresh 128-bit nonce each time", () => {
    const a = newNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });
});
