import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from "../../src/server/auth/tokens";

process.env.APP_SECRET ??= "unit-test-secret-unit-test-secret-0123456789";

describe("verified access token claims", () => {
  it("are answered again while the token lives and refused once it has expired", async () => {
    const issued = new Date("2026-01-01T00:00:00Z");
    const token = await signAccessToken(7, "session-a", issued);
    const during = issued.getTime() + 60_000;
    expect(await verifyAccessToken(token, during)).toEqual({ userId: 7, sessionId: "session-a" });
    expect(await verifyAccessToken(token, during + 1000)).toEqual({ userId: 7, sessionId: "session-a" });
    expect(await verifyAccessToken(token, issued.getTime() + ACCESS_TOKEN_SECONDS * 1000 + 1)).toBeNull();
  });

  it("never accept a token whose signature was altered, even beside a cached one", async () => {
    const now = Date.now();
    const token = await signAccessToken(8, "session-b", new Date(now));
    expect(await verifyAccessToken(token, now)).not.toBeNull();
    const forged = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    expect(await verifyAccessToken(forged, now)).toBeNull();
  });
});
