import { describe, expect, it } from "vitest";
import {
  displayedStatus,
  intervalProblem,
  mergeConfig,
  minimumInterval,
  statusAfterEdit,
} from "../../src/server/domain/service-rules";
import { checkConfig, configJsonSchema } from "../../src/shared/service-types";

describe("service rules", () => {
  it("shows a disabled service as paused, whatever its last check said", () => {
    expect(displayedStatus(false, "operational")).toBe("paused");
    expect(displayedStatus(true, "down")).toBe("down");
    expect(displayedStatus(true, "garbage")).toBe("pending");
  });

  it("takes the interval minimum from the plan; unknown plans count as free", () => {
    expect(minimumInterval("free")).toBe(300);
    expect(minimumInterval("pro")).toBe(60);
    expect(minimumInterval("nonsense")).toBe(300);
    expect(intervalProblem(300, "free")).toBeNull();
    expect(intervalProblem(299, "free")).toMatch(/at least 300 seconds/);
  });

  it("makes a service pending when its type or config changes or it is resumed", () => {
    const before = { type: "http", config: '{"url":"https://a"}', enabled: true, status: "operational" };
    expect(statusAfterEdit(before, { type: "http", config: before.config, enabled: true })).toBe("operational");
    expect(statusAfterEdit(before, { type: "http", config: '{"url":"https://b"}', enabled: true })).toBe("pending");
    expect(statusAfterEdit(before, { type: "tcp", config: before.config, enabled: true })).toBe("pending");
    expect(statusAfterEdit({ ...before, enabled: false }, { type: "http", config: before.config, enabled: true })).toBe(
      "pending",
    );
    expect(statusAfterEdit(before, { type: "http", config: before.config, enabled: false })).toBe("operational");
  });

  it("merges a config patch one level deep; null removes a key", () => {
    expect(mergeConfig({ url: "u", keyword: "k", timeout: 10 }, { timeout: 20, keyword: null })).toEqual({
      url: "u",
      timeout: 20,
    });
  });
});

describe("service config by type", () => {
  it("applies defaults and keys problems by config field", () => {
    expect(checkConfig("http", { url: "https://example.com" })).toEqual({
      ok: true,
      config: { url: "https://example.com", method: "GET", expected_status_code: 200, timeout: 10 },
    });
    const bad = checkConfig("http", { url: "ftp://example.com", timeout: 61 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.details).sort()).toEqual(["timeout", "url"]);
    const notObject = checkConfig("tcp", "host:22");
    expect(notObject.ok ? [] : Object.keys(notObject.details)).toEqual(["config"]);
  });

  it.each(["example.com", "localhost", "10.0.0.1", "::1", "2001:db8::5"])("accepts the tcp host %s", (host) => {
    expect(checkConfig("tcp", { host, port: 22 }).ok).toBe(true);
  });

  it("derives the JSON Schema from the zod schema, defaulted fields optional", () => {
    const schema = configJsonSchema("tcp") as { required: string[]; properties: Record<string, unknown> };
    expect(schema.required).toEqual(["host", "port"]);
    expect(Object.keys(schema.properties)).toEqual(["host", "port", "timeout", "assertions"]);
  });
});
