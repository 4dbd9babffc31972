import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, gzip } from "../../src/server/api/http/gzip";

describe("gzip negotiation", () => {
  it("accepts gzip when named or covered by *, unless its weight is 0", () => {
    expect(acceptsGzip("gzip")).toBe(true); // Prometheus
    expect(acceptsGzip("gzip, deflate")).toBe(true);
    expect(acceptsGzip("deflate, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("*;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });

  it("gzips text that gunzips to the same UTF-8", async () => {
    const text = 'x{name="café \\"ü\\""} 1\n'.repeat(1000);
    const gzipped = await gzip(Buffer.from(text, "utf8"));
    expect(gzipped.byteLength).toBeLessThan(Buffer.byteLength(text) / 10);
    expect(zlib.gunzipSync(gzipped).toString("utf8")).toBe(text);
  });
});
