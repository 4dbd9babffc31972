import { describe, expect, it } from "vitest";
import { checkTypesText, whyProbeCannotServe } from "../../src/server/domain/probe-serving";

describe("which probes can serve a service", () => {
  const any = { checkTypes: null, mayUse: true };
  it("serves when the probe runs the type (or never said), its owner may use it and its outbound setting let it through", () => {
    expect(whyProbeCannotServe("browser", any, null)).toBeNull();
    expect(
      whyProbeCannotServe(
        "tcp",
        { checkTypes: "http,tcp", mayUse: true },
        { outcome: "down", reason: "connection refused" },
      ),
    ).toBeNull();
  });
  it("says why not: the type, the owner's right, the outbound setting", () => {
    expect(whyProbeCannotServe("ping", { checkTypes: "dns,http", mayUse: true }, null)).toBe(
      "it does not run ping checks (it runs dns, http)",
    );
    expect(whyProbeCannotServe("http", { checkTypes: null, mayUse: false }, null)).toMatch(/may not use it/);
    expect(
      whyProbeCannotServe("http", any, { outcome: "down", reason: "refused: 10.0.0.1 is a private address" }),
    ).toMatch(/^its outbound setting refuses the target/);
  });
  it("stores the said types sorted, and nothing when the probe did not say", () => {
    expect(checkTypesText(["tcp", "http"])).toBe("http,tcp");
    expect(checkTypesText([])).toBe("");
    expect(checkTypesText(undefined)).toBeNull();
  });
});
