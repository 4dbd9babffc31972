import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv } from "../../src/env";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-env-"));

describe("configuration", () => {
  it("runs with no configuration: data dir, SQLite URL and a persistent generated secret", () => {
    const dir = path.join(tmp(), "data");
    const first = loadEnv({ DATA_DIR: dir });
    expect(fs.existsSync(dir)).toBe(true);
    expect(first.databaseUrl).toBe(`file:${path.join(dir, "lifeline.db")}`);
    expect(first.databaseKind).toBe("sqlite");
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadEnv({ DATA_DIR: dir }).appSecret).toBe(first.appSecret);
    expect(first).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      appUrl: "http://localhost:3000",
      pingBaseUrl: "http://localhost:3000/ping",
      sweepIntervalSeconds: 30,
    });
  });

  it("requires an explicit APP_SECRET in production", () => {
    expect(() => loadEnv({ NODE_ENV: "production", DATA_DIR: tmp() })).toThrow(/APP_SECRET/);
    const secret = "s".repeat(40);
    expect(
      loadEnv({ NODE_ENV: "production", DATA_DIR: tmp(), APP_SECRET: secret, APP_URL: "https://lifeline.example" })
        .appSecret,
    ).toBe(secret);
  });

  it("refuses production without APP_URL in one line that says why, and creates no DATA_DIR", () => {
    const dir = path.join(tmp(), "data");
    let message = "";
    try {
      loadEnv({ NODE_ENV: "production", DATA_DIR: dir, APP_SECRET: "s".repeat(40) });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: APP_URL: required in production \(.*ping URLs.*\)$/);
    expect(message).not.toContain("\n");
    expect(fs.existsSync(dir)).toBe(false);
    expect(() => loadEnv({ NODE_ENV: "production", DATA_DIR: dir })).toThrow(/APP_SECRET: required in production/);
    expect(fs.existsSync(dir)).toBe(false);
    expect(
      loadEnv({
        NODE_ENV: "production",
        DATA_DIR: dir,
        APP_SECRET: "s".repeat(40),
        APP_URL: "https://lifeline.example",
      }).appUrl,
    ).toBe("https://lifeline.example");
  });

  it("names a too short APP_SECRET once", () => {
    expect(() => loadEnv({ DATA_DIR: tmp(), APP_SECRET: "short" })).toThrow(
      /^Invalid configuration: APP_SECRET: must be at least 32 characters$/,
    );
  });

  it("defaults APP_URL, and with it the ping base URL, to localhost on PORT", () => {
    expect(loadEnv({ DATA_DIR: tmp(), PORT: "3790" })).toMatchObject({
      appUrl: "http://localhost:3790",
      pingBaseUrl: "http://localhost:3790/ping",
    });
  });

  it("reads DNS_SERVERS as a list of resolver addresses (unset: the system's), refusing one that is not an address", () => {
    expect(loadEnv({ DATA_DIR: tmp() }).dnsServers).toBeNull();
    expect(loadEnv({ DATA_DIR: tmp(), DNS_SERVERS: "127.0.0.1:5353, [::1]:53" }).dnsServers).toEqual([
      "127.0.0.1:5353",
      "[::1]:53",
    ]);
    expect(() => loadEnv({ DATA_DIR: tmp(), DNS_SERVERS: "resolver.example" })).toThrow(
      /^Invalid configuration: DNS_SERVERS: /,
    );
  });

  it("derives the ping base URL from APP_URL unless PING_BASE_URL is set", () => {
    expect(loadEnv({ DATA_DIR: tmp(), APP_URL: "https://lifeline.example/" }).pingBaseUrl).toBe(
      "https://lifeline.example/ping",
    );
    expect(loadEnv({ DATA_DIR: tmp(), PING_BASE_URL: "https://hc.example" }).pingBaseUrl).toBe("https://hc.example");
  });

  it("recognizes PostgreSQL URLs and rejects invalid values with the variable's name", () => {
    expect(loadEnv({ DATA_DIR: tmp(), DATABASE_URL: "postgres://u:p@db/lifeline" }).databaseKind).toBe("postgresql");
    expect(() => loadEnv({ DATA_DIR: tmp(), PORT: "http" })).toThrow(/PORT/);
    expect(() => loadEnv({ DATA_DIR: tmp(), APP_SECRET: "short" })).toThrow(/APP_SECRET/);
  });

  it("caps the looping sweeper's sleep at 2 s by default, 0 turning deadline waking off, at most 60", () => {
    expect(loadEnv({ DATA_DIR: tmp() }).sweepWakeMaxSeconds).toBe(2);
    expect(loadEnv({ DATA_DIR: tmp(), SWEEP_WAKE_MAX_SECONDS: "0" }).sweepWakeMaxSeconds).toBe(0);
    expect(() => loadEnv({ DATA_DIR: tmp(), SWEEP_WAKE_MAX_SECONDS: "61" })).toThrow(/SWEEP_WAKE_MAX_SECONDS/);
    expect(() => loadEnv({ DATA_DIR: tmp(), SWEEP_WAKE_MAX_SECONDS: "1.5" })).toThrow(/SWEEP_WAKE_MAX_SECONDS/);
  });
});
