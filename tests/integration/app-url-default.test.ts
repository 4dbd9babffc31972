import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/http";
import { startLifeline, type Lifeline } from "../support/lifeline";
import { eventually, mailText, startReceiver, startSmtp } from "../support/sweeper";

// `PORT=<n> npm start` without APP_URL: the public URL defaults to http://localhost:<n>, so every
// ping URL points at the port that is actually served, and the start banner names that address.

let lifeline: Lifeline;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  lifeline = await startLifeline({ APP_URL: undefined, OUTBOUND_ALLOW_PRIVATE: "true" });
  [smtp, receiver] = await Promise.all([startSmtp(lifeline.smtpUrl), startReceiver()]);
}, 60_000);
afterAll(async () => {
  await smtp?.close();
  await receiver?.close();
  await lifeline?.stop();
});

const urlsIn = (text: string) => text.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? [];

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

  it("writes every link of a feed, a subscriber's mails and a webhook payload from APP_URL, not the address it listens on", async () => {
    const base = lifeline.baseUrl;
    const app = `http://localhost:${lifeline.port}`;
    const reg = await call("POST", `${base}/api/v1/auth/register`, {
      body: { email: `links-${lifeline.port}@example.test`, password: "correct horse battery" },
    });
    const token = reg.body.data.access as string;
    const hook = await call("POST", `${base}/api/v1/integrations`, {
      token,
      body: { kind: "webhook", name: "hook", url: receiver.url, is_default: true },
    });
    expect(hook.status, hook.text).toBe(201);
    const job = await call("POST", `${base}/api/v1/cron-monitors`, {
      token,
      body: { name: "links", schedule_kind: "period", period_seconds: 3600 },
    });
    const page = await call("POST", `${base}/api/v1/status-pages`, {
      token,
      body: { slug: `links-${lifeline.port}`, title: "Links", components: [{ cron_monitor_id: job.body.data.id }] },
    });
    expect(page.status, page.text).toBe(201);
    const slug = page.body.data.slug as string;
    const email = `reader-${lifeline.port}@example.test`;
    expect((await call("POST", `${base}/status/${slug}/subscribe`, { body: { email } })).status).toBe(202);
    const confirmation = mailText(await eventually(() => smtp.mails[0]));
    const confirm = urlsIn(confirmation).find((u) => u.includes("/subscriptions/confirm/"))!;
    expect(confirm.startsWith(`${app}/status/${slug}/`)).toBe(true);
    expect((await fetch(confirm.replace(app, base))).status).toBe(200);

    const pingUrl = job.body.data.ping_url as string;
    expect((await fetch(`${pingUrl.replace(app, base)}/fail`)).status).toBe(200);
    const payload = await eventually(() => receiver.received.find((r) => r.body.includes("incident.opened")));
    const incidentMail = mailText(await eventually(() => smtp.mails[1]));
    const feed = await (await fetch(`${base}/status/${slug}/feed`)).text();
    for (const [what, text] of [
      ["webhook payload", payload.body],
      ["confirmation mail", confirmation],
      ["incident mail", incidentMail],
      ["feed", feed],
    ] as const) {
      const links = urlsIn(text).filter((u) => !u.startsWith("http://www.w3.org/"));
      expect(links.length, what).toBeGreaterThan(0);
      for (const link of links) expect(link.startsWith(`${app}/`), `${what}: ${link}`).toBe(true);
    }
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
