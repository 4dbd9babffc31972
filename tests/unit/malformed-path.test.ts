import { describe, expect, it } from "vitest";
import { hasMalformedPath } from "../../src/server/api/http/malformed-path";

describe("a request path's percent-encoding", () => {
  it("is malformed for a cut sequence, a non-hex escape or bytes that are not UTF-8", () => {
    for (const target of [
      "/status/%E0%A4%A",
      "/status/x%ZZ",
      "/confirm-email/%E0%A4%A?x=1",
      "/badge/%FF.svg",
      "/monitors/%",
    ]) {
      expect(hasMalformedPath(target), target).toBe(true);
    }
  });

  it("is fine for plain paths, valid escapes and a bad escape in the query alone", () => {
    for (const target of ["/", "/status/acme", "/status/%E0%A4%A4", "/monitors/12?from=%ZZ", "/status/a%20b/feed"]) {
      expect(hasMalformedPath(target), target).toBe(false);
    }
  });
});
