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
    expect(first).toMatchObject({ port: 3000, host: "0.0.0.0", appUrl: "http://localhost:3000", pingBaseUrl: "http://localhost:3000/ping", sweepIntervalSeconds: 30 });
  });

  it("requires an explicit APP_SECRET in production", () => {
    expect(() => loadEnv({ NODE_ENV: "production", DATA_DIR: tmp() })).toThrow(/APP_SECRET/);
    const secret = "s".repeat(40);
    expect(loadEnv({ NODE_ENV: "production", DATA_DIR: tmp(), APP_SECRET: secret }).appSecret).toBe(secret);
  });

  it("defaults APP_URL, and with it the ping base URL, to localhost on PORT", () => {
    expect(loadEnv({ DATA_DIR: tmp(), PORT: "3790" })).toMatchObject({ appUrl: "http://localhost:3790", pingBaseUrl: "http://localhost:3790/ping" });
  });

  it("derives the ping base URL from APP_URL unless PING_BASE_URL is set", () => {
    expect(loadEnv({ DATA_DIR: tmp(), APP_URL: "https://lifeline.example/" }).pingBaseUrl).toBe("https://lifeline.example/ping");
    expect(loadEnv({ DATA_DIR: tmp(), PING_BASE_URL: "https://hc.example" }).pingBaseUrl).toBe("https://hc.example");
  });

  it("recognizes PostgreSQL URLs and rejects invalid values with the variable's name", () => {
    expect(loadEnv({ DATA_DIR: tmp(), DATABASE_URL: "postgres://u:p@db/lifeline" }).databaseKind).toBe("postgresql");
    expect(() => loadEnv({ DATA_DIR: tmp(), PORT: "http" })).toThrow(/PORT/);
    expect(() => loadEnv({ DATA_DIR: tmp(), APP_SECRET: "short" })).toThrow(/APP_SECRET/);
  });
});
