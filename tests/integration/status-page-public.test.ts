import { beforeAll, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { baseUrl, call, registerUser, type TestUser } from "../support/http";
import { createMonitor, ping, requestWithHost } from "../support/monitors";
import { newService } from "../support/projects";
import { createStatusPage } from "../support/status-pages";
import { dashboardCookie } from "../support/dashboard";

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser("alice"), registerUser("bob")]);
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${baseUrl()}${path}`, { headers, redirect: "manual" });
  return { status: res.status, headers: res.headers, text: await res.text() };
};

/** Polls the JSON twin until `ok` holds (the page's data is cached for at most a few seconds). */
async function jsonUntil(slug: string, ok: (body: any) => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    const body = JSON.parse((await get(`/status/${slug}.json`)).text);
    if (ok(body) || Date.now() > end) return body;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const names = (body: any): string[] => body.groups.flatMap((g: any) => g.components.map((c: any) => c.name));

describe("the public status page", () => {
  it("serves HTML, JSON and Atom with the components' real statuses, and shows a flip to down", async () => {
    const job = await createMonitor(alice, { name: "Nightly job" });
    const api = await newService(alice, { name: "API" });
    await ping(job.ping_token);
    const page = await createStatusPage(alice, {
      title: "Acme status",
      components: [
        { cron_monitor_id: job.id, display_name: "Backups", group: "Jobs" },
        { service_id: api.id, display_name: "Public API" },
      ],
    });
    const html = await get(`/status/${page.slug}`);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toContain("text/html");
    expect(html.headers.get("cache-control")).toBe("public, max-age=60");
    expect(html.text).toContain("<h1>Acme status</h1>");
    expect(html.text).toContain("Backups");
    expect(html.text).toContain("Operational");
    expect(html.text).not.toContain("<script");
    expect((html.text.match(/<li class="[^"]*" tabindex="0"/g) ?? []).length).toBe(180);

    const body = await jsonUntil(page.slug, () => true);
    expect(body.groups.map((g: any) => g.name)).toEqual(["Jobs", null]);
    expect(body.groups[0].components[0]).toMatchObject({ name: "Backups", status: "operational" });
    expect(body.groups[0].components[0].days).toHaveLength(90);
    expect(body.groups[1].components[0]).toMatchObject({ name: "Public API", status: "unknown" });
    expect(body.status.description).toBe("All systems operational");

    expect((await ping(job.ping_token, "/fail")).status).toBe(200);
    const after = await jsonUntil(page.slug, (b) => b.groups[0].components[0].status === "down");
    expect(after.groups[0].components[0].status).toBe("down");
    expect(after.status.indicator).toBe("down");
    expect(after.incidents.active).toEqual([
      {
        component: "Backups",
        status: "open",
        cause: "the job reported a failure",
        opened_at: expect.any(String),
        resolved_at: null,
        updates: [],
      },
    ]);

    const feed = await get(`/status/${page.slug}/feed`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("application/atom+xml");
    expect(feed.text).toContain("<title>Backups: down</title>");
  });

  it("says what a run rule found in the fixed words of its incident's kind in all three forms, never the reason text that names a keyword", async () => {
    const short = await createMonitor(alice, { name: "Short job", min_runtime_seconds: 60 });
    const worded = await createMonitor(alice, { name: "Worded job", failure_keywords: ["db-7.internal"] });
    await ping(short.ping_token, "/start");
    await ping(short.ping_token);
    await ping(worded.ping_token, "", { body: "cannot reach db-7.internal" });
    const page = await createStatusPage(alice, {
      components: [
        { cron_monitor_id: short.id, display_name: "Exports" },
        { cron_monitor_id: worded.id, display_name: "Reports" },
      ],
    });
    const body = await jsonUntil(page.slug, (b) => b.incidents.active.length === 2);
    expect(
      body.incidents.active
        .map((i: any) => [i.component, i.cause])
        .sort((a: string[], b: string[]) => (a[0]! < b[0]! ? -1 : 1)),
    ).toEqual([
      ["Exports", "a run was shorter than its minimum run time"],
      ["Reports", "a run's output failed its keyword rules"],
    ]);
    const html = (await get(`/status/${page.slug}`)).text;
    const feed = (await get(`/status/${page.slug}/feed`)).text;
    for (const text of [html, feed]) {
      expect(text).toContain("a run was shorter than its minimum run time");
      expect(text).toMatch(/a run(&#39;|&#x27;|')s output failed its keyword rules/);
    }
    for (const text of [html, feed, JSON.stringify(body)]) {
      expect(text).not.toContain("db-7.internal");
      expect(text).not.toContain("60 s minimum");
    }
  });

  it("drops a component removed from the page from all three forms at once", async () => {
    const keep = await createMonitor(alice, { name: "Kept" });
    const drop = await createMonitor(alice, { name: "Dropped" });
    await ping(drop.ping_token, "/fail");
    const page = await createStatusPage(alice, {
      components: [{ cron_monitor_id: keep.id }, { cron_monitor_id: drop.id, display_name: "Gone soon" }],
    });
    expect((await get(`/status/${page.slug}`)).text).toContain("Gone soon");
    await call("PATCH", `/status-pages/${page.id}`, {
      token: alice.access,
      body: { components: [{ cron_monitor_id: keep.id }] },
    });
    expect((await get(`/status/${page.slug}`)).text).not.toContain("Gone soon");
    expect((await get(`/status/${page.slug}.json`)).text).not.toContain("Gone soon");
    expect((await get(`/status/${page.slug}/feed`)).text).not.toContain("Gone soon");
  });

  it("answers 404 for an unknown page and for a deleted one in every form", async () => {
    const page = await createStatusPage(alice);
    expect((await get(`/status/${page.slug}`)).status).toBe(200);
    await call("DELETE", `/status-pages/${page.id}`, { token: alice.access });
    for (const p of [
      `/status/${page.slug}`,
      `/status/${page.slug}.json`,
      `/status/${page.slug}/feed`,
      "/status/no-such-page",
    ]) {
      expect((await get(p)).status).toBe(404);
    }
  });

  it("answers every form under the dashboard's browser security headers (CSP without inline script, no framing)", async () => {
    const page = await createStatusPage(alice, { title: "Headers page" });
    for (const p of [
      `/status/${page.slug}`,
      `/status/${page.slug}.json`,
      `/status/${page.slug}/feed`,
      "/status/no-such-page",
      "/status/no-such-page.json",
    ]) {
      const res = await get(p);
      expect(res.headers.get("content-security-policy"), p).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'(;|$)/);
      expect(res.headers.get("content-security-policy"), p).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-frame-options"), p).toBe("DENY");
      expect(res.headers.get("x-content-type-options"), p).toBe("nosniff");
    }
    const head = await fetch(`${baseUrl()}/status/${page.slug}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("links the Atom feed to itself and to the page under APP_URL, whatever Host the request names", async () => {
    const page = await createStatusPage(alice, { title: "Feed links" });
    for (const feed of [
      (await get(`/status/${page.slug}/feed`)).text,
      (await requestWithHost(`${baseUrl()}/status/${page.slug}/feed`, "attacker.example")).body,
    ]) {
      expect(feed).toContain(`<link rel="self" href="${baseUrl()}/status/${page.slug}/feed"/>`);
      expect(feed).toContain(`<link href="${baseUrl()}/status/${page.slug}"/>`);
      expect(feed).not.toContain("localhost");
      expect(feed).not.toContain("attacker.example");
    }
  });

  it("serves nothing at / for a custom domain not verified yet: its Host answers as an unknown host", async () => {
    // Verified domains are served (status-page-domains.test.ts, with a DNS server on loopback).
    const domain = `status-${Date.now()}.example.com`;
    await createStatusPage(alice, { title: "Custom domain page", custom_domain: domain });
    const res = await requestWithHost(`${baseUrl()}/`, domain);
    const unknown = await requestWithHost(`${baseUrl()}/`, "unknown.example.com");
    expect(res).toEqual(unknown);
    expect(res.status).toBe(307);
    expect(res.body).not.toContain("Custom domain page");
  });
});

describe("nothing private leaks", () => {
  it("never shows a target URL, keyword, ping URL or token, run log, reason, or another organization's data", async () => {
    const job = await createMonitor(alice, { name: "secret-monitor-name" });
    await ping(job.ping_token, "/fail", { body: "RUNLOG-SECRET-42 password=hunter2" });
    const svc = await newService(alice, {
      name: "secret-service-name",
      config: { url: "https://internal-target.example.com/health?key=TARGET-SECRET", keyword: "KEYWORD-SECRET" },
    });
    const bobsJob = await createMonitor(bob, { name: "BOBS-MONITOR" });
    await ping(bobsJob.ping_token, "/fail");
    const page = await createStatusPage(alice, {
      components: [
        { cron_monitor_id: job.id, display_name: "Job" },
        { service_id: svc.id, display_name: "Site" },
      ],
    });
    await testDb().run(
      "UPDATE services SET status = 'down', status_reason = 'REASON-SECRET at internal-target.example.com' WHERE id = ?",
      [svc.id],
    );
    await call("PATCH", `/status-pages/${page.id}`, { token: alice.access, body: { title: "Leak check" } });
    const forms = [
      await get(`/status/${page.slug}`),
      await get(`/status/${page.slug}.json`),
      await get(`/status/${page.slug}/feed`),
    ];
    for (const f of forms) {
      expect(f.status).toBe(200);
      for (const secret of [
        job.ping_token,
        job.ping_url,
        "RUNLOG-SECRET",
        "hunter2",
        "TARGET-SECRET",
        "internal-target",
        "KEYWORD-SECRET",
        "REASON-SECRET",
        "BOBS-MONITOR",
        "secret-monitor-name",
        "secret-service-name",
        alice.email,
        bob.email,
      ]) {
        expect(f.text).not.toContain(secret);
      }
      expect(f.text).not.toMatch(new RegExp(`"id"\\s*:\\s*${job.id}\\b`));
    }
  });
});

describe("members and password pages", () => {
  it("answers 404 to outsiders of a members page and shows it to a signed-in member", async () => {
    const page = await createStatusPage(alice, { title: "Members only page", visibility: "members" });
    for (const p of [`/status/${page.slug}`, `/status/${page.slug}.json`, `/status/${page.slug}/feed`]) {
      const anon = await get(p);
      expect(anon.status).toBe(404);
      expect(anon.text).not.toContain("Members only page");
    }
    const bobCookie = await dashboardCookie(baseUrl(), bob.email, bob.password);
    expect((await get(`/status/${page.slug}`, { cookie: bobCookie })).status).toBe(404);
    const aliceCookie = await dashboardCookie(baseUrl(), alice.email, alice.password);
    const mine = await get(`/status/${page.slug}`, { cookie: aliceCookie });
    expect(mine.status).toBe(200);
    expect(mine.text).toContain("Members only page");
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
  });

  it("shows only a password form before the password, then the page with the page's cookie", async () => {
    const job = await createMonitor(alice);
    const page = await createStatusPage(alice, {
      title: "Hidden title",
      visibility: "password",
      password: "right password 1",
      components: [{ cron_monitor_id: job.id, display_name: "Hidden component" }],
    });
    for (const p of [`/status/${page.slug}`, `/status/${page.slug}.json`, `/status/${page.slug}/feed`]) {
      const res = await get(p);
      expect(res.status).toBe(401);
      expect(res.text).not.toContain("Hidden");
    }
    const form = await get(`/status/${page.slug}`);
    expect(form.text).toContain('type="password"');
    const res = await fetch(`${baseUrl()}/status/${page.slug}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ password: "right password 1" }),
    });
    expect(res.status).toBe(303);
    const cookies = res.headers.getSetCookie();
    expect(cookies.map((c) => c.match(/Path=([^;]+)/)![1])).toEqual([
      `/status/${page.slug}`,
      `/status/${page.slug}.json`,
    ]);
    expect(cookies.every((c) => /HttpOnly/.test(c))).toBe(true);
    const cookie = cookies[0]!.split(";")[0]!;
    const open = await get(`/status/${page.slug}`, { cookie });
    expect(open.status).toBe(200);
    expect(open.text).toContain("Hidden component");
    expect((await get(`/status/${page.slug}.json`, { cookie })).status).toBe(200);
    expect(open.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers outsiders of a members page exactly as an unknown slug in every form: bodies, status and headers alike", async () => {
    const page = await createStatusPage(alice, { title: "Members twin", visibility: "members" });
    const bobCookie = await dashboardCookie(baseUrl(), bob.email, bob.password);
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const requests: [string, string, Record<string, string>, string?][] = [
      ["GET", "", {}],
      ["HEAD", "", {}],
      ["GET", ".json", {}],
      ["GET", "/feed", {}],
      ["POST", "", form, "password=guess+one"],
      ["POST", ".json", form, "password=guess+one"],
      ["POST", "/subscribe", form, "email=visitor%40example.test"],
      ["POST", "/subscribe", { "content-type": "application/json" }, '{"email":"visitor@example.test"}'],
    ];
    /** Everything an outsider sees, with what differs on every request anyway (request id, time, CSP nonce) made equal. */
    const seen = async (cookie?: string) => {
      const answers = [];
      for (const [method, suffix, headers, body] of requests) {
        const res = await fetch(`${baseUrl()}/status/${page.slug}${suffix}`, {
          method,
          redirect: "manual",
          headers: { ...headers, ...(cookie ? { cookie } : {}) },
          body,
        });
        const same = (text: string) =>
          text
            .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<request id>")
            .replace(/"timestamp":"[^"]+"/, '"timestamp":"<time>"')
            .replace(/'nonce-[^']+'/g, "'nonce'");
        const kept = [...res.headers].filter(([name]) => name !== "date").map(([n, v]) => `${n}: ${same(v)}`);
        answers.push({
          request: `${method} ${suffix}`,
          status: res.status,
          headers: kept,
          body: same(await res.text()),
        });
      }
      return answers;
    };
    const members = await seen();
    const outsider = await seen(bobCookie);
    expect(members.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    expect(
      (await get(`/status/${page.slug}`, { cookie: await dashboardCookie(baseUrl(), alice.email, alice.password) }))
        .status,
    ).toBe(200);
    await call("DELETE", `/status-pages/${page.id}`, { token: alice.access });
    const unknown = await seen();
    expect(members).toEqual(unknown);
    expect(outsider.map(({ status, body }) => ({ status, body }))).toEqual(
      unknown.map(({ status, body }) => ({ status, body })),
    );
  });

  it("refuses every address past 20 wrong passwords a minute on one page, while a visitor holding the page's cookie still reads it", async () => {
    const page = await createStatusPage(alice, { visibility: "password", password: "owner secret 33" });
    const post = (password: string, client: string) =>
      fetch(`${baseUrl()}/status/${page.slug}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": client },
        body: new URLSearchParams({ password }),
      });
    const welcome = await post("owner secret 33", "203.0.113.1"); // a visitor of earlier
    expect(welcome.status).toBe(303);
    const cookie = welcome.headers.getSetCookie()[0]!.split(";")[0]!;
    // Ten wrong ones from each of two addresses: each address stays under its own limit.
    for (const client of ["203.0.113.10", "203.0.113.11"])
      for (let i = 0; i < 10; i++) expect((await post(`wrong ${i}`, client)).status).toBe(401);
    const fresh = await post("owner secret 33", "203.0.113.12");
    expect(fresh.status).toBe(429);
    const wait = Number(fresh.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60); // the page's window is a minute: nobody is kept out longer per window
    const open = await get(`/status/${page.slug}`, { cookie });
    expect(open.status).toBe(200);
    expect((await get(`/status/${page.slug}.json`, { cookie })).status).toBe(200);
  });

  it("refuses the eleventh wrong password in a row (429), even if it is right", async () => {
    const page = await createStatusPage(alice, { visibility: "password", password: "the real one 22" });
    const post = (password: string) =>
      fetch(`${baseUrl()}/status/${page.slug}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ password }),
      });
    for (let i = 0; i < 10; i++) expect((await post(`wrong ${i}`)).status).toBe(401);
    const eleventh = await post("the real one 22");
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("user text is escaped in every form", () => {
  it("keeps <script>, onerror= and ]]> payloads inert in HTML and the JSON and Atom well-formed", async () => {
    const payload = `<script>window.__xss=1</script><img src=x onerror="alert(1)">]]>&`;
    const job = await createMonitor(alice);
    await ping(job.ping_token, "/fail");
    const page = await createStatusPage(alice, {
      title: `T ${payload}`,
      description: `D ${payload}`,
      components: [{ cron_monitor_id: job.id, display_name: `C ${payload}`, group: `G ${payload}` }],
    });
    const html = (await get(`/status/${page.slug}`)).text;
    expect(html).not.toContain("<script>window.__xss");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;window.__xss=1&lt;/script&gt;");
    const json = JSON.parse((await get(`/status/${page.slug}.json`)).text);
    expect(json.title).toBe(`T ${payload}`);
    expect(json.groups[0].name).toBe(`G ${payload}`);
    const feed = (await get(`/status/${page.slug}/feed`)).text;
    expect(feed).not.toContain("]]>");
    expect(feed).not.toContain("<script");
    expect(feed).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});

describe("maintenance on the public page", () => {
  const window = async (body: Record<string, unknown>) => {
    const res = await call("POST", "/maintenance-windows", { token: alice.access, body });
    expect(res.status, res.text).toBe(201);
    return res.body.data.id as number;
  };
  const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

  it("shows a covered component under maintenance and the windows of the page's components, escaped, in HTML, JSON and Atom; as before once the window goes", async () => {
    const payload = `<script>window.__xss=1</script>&`;
    const job = await createMonitor(alice, { name: "Nightly job" });
    const secret = await createMonitor(alice, { name: "Secret job" });
    const api = await newService(alice, { name: "API" });
    await ping(job.ping_token, "/fail");
    const page = await createStatusPage(alice, {
      components: [
        { cron_monitor_id: job.id, display_name: "Backups" },
        { service_id: api.id, display_name: "Public API" },
      ],
    });
    await jsonUntil(page.slug, (b) => b.groups[0].components[0].status === "down");
    const active = await window({
      title: `Upgrade ${payload}`,
      description: `Details ${payload}`,
      starts_at: inMinutes(-1),
      ends_at: inMinutes(30),
      targets: { cron_monitor_ids: [job.id, secret.id] },
    });
    await window({
      title: "Network work",
      starts_at: inMinutes(2 * 1440),
      ends_at: inMinutes(2 * 1440 + 60),
      targets: { service_ids: [api.id] },
    });
    await window({
      title: "Unpublished window",
      starts_at: inMinutes(-1),
      ends_at: inMinutes(30),
      targets: { cron_monitor_ids: [secret.id] },
    });

    const body = await jsonUntil(page.slug, (b) => b.groups[0].components[0].status === "maintenance");
    expect(body.groups[0].components[0]).toMatchObject({ status: "maintenance", status_text: "Under maintenance" });
    expect(body.groups[0].components[0].days.at(-1).maintenance).toBe(true);
    expect(body.status).toEqual({ indicator: "maintenance", description: "Maintenance in progress" });
    expect(body.maintenance.active).toEqual([
      {
        title: `Upgrade ${payload}`,
        description: `Details ${payload}`,
        starts_at: expect.any(String),
        ends_at: expect.any(String),
        components: ["Backups"],
      },
    ]);
    expect(body.maintenance.scheduled).toEqual([
      expect.objectContaining({ title: "Network work", components: ["Public API"] }),
    ]);
    const html = (await get(`/status/${page.slug}`)).text;
    expect(html).toContain(">Under maintenance</strong>");
    expect(html).toContain("<h2>Maintenance in progress</h2>");
    expect(html).toContain("<h2>Scheduled maintenance</h2>");
    expect(html).toContain("Upgrade &lt;script&gt;window.__xss=1&lt;/script&gt;&amp;");
    expect(html).toMatch(/<time datetime="[^"]+" data-local>\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/time>/);
    expect(html).toContain(`<script src="/local-time.js" defer></script>`);
    const feed = (await get(`/status/${page.slug}/feed`)).text;
    expect(feed).toContain("<title>Maintenance: Upgrade &lt;script&gt;window.__xss=1&lt;/script&gt;&amp;</title>");
    expect(feed).toContain("<title>Maintenance: Network work</title>");
    for (const text of [html, JSON.stringify(body), feed]) {
      expect(text).not.toContain("Secret job");
      expect(text).not.toContain("Unpublished window");
    }
    for (const text of [html, feed]) expect(text).not.toContain("<script>window.__xss");

    expect((await call("DELETE", `/maintenance-windows/${active}`, { token: alice.access })).status).toBe(204);
    const after = await jsonUntil(page.slug, (b) => b.groups[0].components[0].status === "down");
    expect(after.groups[0].components[0].status).toBe("down");
    expect(after.status.indicator).toBe("down");
    expect(after.maintenance.active).toEqual([]);
  });
});

describe("the app's public files", () => {
  it("serves the favicon, icons, web app manifest and robots.txt (status pages and badges allowed, dashboard and API not) under the security headers", async () => {
    for (const [path, type] of [
      ["/favicon.ico", "image/"],
      ["/icon.svg", "image/svg+xml"],
      ["/apple-touch-icon.png", "image/png"],
      ["/icon-192.png", "image/png"],
      ["/icon-512.png", "image/png"],
      ["/manifest.webmanifest", "application/manifest+json"],
      ["/robots.txt", "text/plain"],
    ] as const) {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toContain(type);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
    const manifest = JSON.parse((await get("/manifest.webmanifest")).text);
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    const robots = (await get("/robots.txt")).text;
    for (const line of ["Allow: /status/", "Allow: /badge/", "Disallow: /api/", "Disallow: /monitors"])
      expect(robots).toContain(line);
    expect(robots).not.toMatch(/^Disallow: \/$/m);
    const home = (await get("/login")).text;
    expect(home).toContain(`rel="manifest" href="/manifest.webmanifest"`);
  });
});
