import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/http";
import { startLifeline, type Lifeline } from "../support/lifeline";

// `PORT=<n> npm start` without APP_URL: the public URL defaults to http://localhost:<n>, so every
// ping URL points at the port that is actually served, and the start banner names that address.

let lifeline: Lifeline;
beforeAll(async () => {
  lifeline = await startLifeline({ APP_URL: undefined });
}, 60_000);
afterAll(() => lifeline?.stop());

describe("APP_URL default", () => {
  it("gives ping URLs on the served port, and they answer", async () => {
    const base = lifeline.baseUrl;
    const reg = await call("POST", `${base}/api/v1/auth/register`, {
      body: { email: `port-${lifeline.port}@example.test`, password: "correct horse battery" },
    });
    expect(reg.status).toBe(201);
    const created = await call("POST", `${base}/api/v1/cron-monitors`, {
      token: reg.body.data.access,
      body: { name: "nightly", schedule_kind: "period", period_seconds: 3600 },
    });
    expect(created.status).toBe(201);
    const pingUrl: string = created.body.data.ping_url;
    expect(pingUrl).toMatch(new RegExp(`^http://localhost:${lifeline.port}/ping/`));
    expect((await fetch(pingUrl.replace("//localhost:", "//127.0.0.1:"))).status).toBe(200);
  });

  it("announces the address it serves", () => {
    expect(lifeline.log()).toContain(
      `web app listening on http://127.0.0.1:${lifeline.port} (APP_URL http://localhost:${lifeline.port};`,
    );
  });
});

describe("a production start without APP_URL", () => {
  it("is refused with one fatal JSON log line naming APP_URL and a non-zero exit, and leaves no DATA_DIR behind", () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-prod-")), "data");
    const env: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: "production",
      APP_SECRET: "p".repeat(40),
      DATA_DIR: dataDir,
      PORT: "1",
      HOST: "127.0.0.1",
    };
    delete env.APP_URL;
    const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/serve.ts", "--web-only"], {
      env: env as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: "fatal",
      msg: expect.stringMatching(/^Invalid configuration: APP_URL: required in production \(/),
    });
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 90_000);
});
