import crypto from "node:crypto";
import path from "node:path";
import { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createSubscriberDelivery } from "../../src/server/notify/subscribers";
import type { OutboxRow } from "../../src/server/notify/outbox";
import { openSqlite } from "../../src/server/storage/sqlite/connection";
import { sqliteRunner } from "../../src/server/storage/sqlite/runner";
import { pgRunner } from "../../src/server/storage/postgres/runner";
import type { SqlRunner } from "../../src/server/storage/runner";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { databaseKind, databaseUrl, testDb } from "../support/db";
import { orgIdOf } from "../support/seed";
import { dashboardCookie, trpcMutation, trpcQuery } from "../support/dashboard";
import { createMonitor, ping } from "../support/monitors";
import { createStatusPage } from "../support/status-pages";
import { eventually, mailText, startSmtp, sweep } from "../support/sweeper";

// Subscribers of a public status page, against the suite's real server and a real SMTP server
// started here (the server's SMTP_URL points to it): double opt-in, one mail per incident event of
// the page's components from the delivery worker, one-click unsubscribe, throttling, and members'
// management of the list. Each test claims client addresses of its own through X-Forwarded-For.

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  smtp = await startSmtp();
  [alice, bob] = await Promise.all([registerUser("subs-alice"), registerUser("subs-bob")]);
});
afterAll(() => smtp.close());

type Mail = (typeof smtp.mails)[number];
const newEmail = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.test`;
const newClient = () =>
  `198.51.100.${crypto.randomInt(1, 255)}, 10.${crypto.randomInt(0, 255)}.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
const subjectOf = (m: Mail) => mailText(m).match(/^Subject: (.*)$/m)?.[1];
const headerOf = (m: Mail, name: string) =>
  mailText(m)
    .split("\r\n\r\n")[0]!
    .match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1];
const linkIn = (m: Mail, kind: "confirm" | "unsubscribe") =>
  mailText(m).match(new RegExp(`${baseUrl()}/status/[a-z0-9-]+/subscriptions/${kind}/[A-Za-z0-9._-]+`))![0];

function subscribeForm(slug: string, email: string, client = newClient(), cookie?: string) {
  return fetch(`${baseUrl()}/status/${slug}/subscribe`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": client,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({ email }).toString(),
  });
}

const subscribeJson = (slug: string, body: unknown, client = newClient(), headers: Record<string, string> = {}) =>
  call("POST", `${baseUrl()}/status/${slug}/subscribe`, { body, headers: { "x-forwarded-for": client, ...headers } });

/** Waits until the delivery worker has processed every outbox row of the incident (so any mail it meant has left). */
async function processed(incidentId: number, event: string) {
  await eventually(async () => {
    const rows = await testDb().query<{ processed_at: string | null }>(
      `SELECT processed_at FROM outbox WHERE incident_id = ? AND event = ?`,
      [incidentId, event],
    );
    return rows.length > 0 && rows.every((r) => r.processed_at !== null);
  }, 30_000);
}

async function openIncident(jobId: number, token: string): Promise<number> {
  expect((await ping(token, "/fail")).status).toBe(200);
  const list = await call("GET", `/incidents?cron_monitor=${jobId}`, { token: alice.access });
  const open = list.body.data.find((i: { status: string }) => i.status === "open");
  expect(open).toBeTruthy();
  return open.id as number;
}

async function confirmedSubscriber(slug: string, email: string) {
  expect((await subscribeForm(slug, email)).status).toBe(200);
  const mail = await eventually(() => mailsTo(email)[0]);
  expect((await fetch(linkIn(mail, "confirm"))).status).toBe(200);
}

describe("status page subscribers", () => {
  it("mails nothing before confirmation, then one mail per incident opened, update and resolution, with List-Unsubscribe; nothing after unsubscribing", async () => {
    const job = await createMonitor(alice, { name: "billing-nightly" });
    const page = await createStatusPage(alice, { components: [{ cron_monitor_id: job.id, display_name: "Billing" }] });
    const html = await (await fetch(`${baseUrl()}/status/${page.slug}`)).text();
    expect(html).toContain(`<form method="post" action="/status/${page.slug}/subscribe">`);

    const email = newEmail("visitor");
    const answer = await subscribeForm(page.slug, `  ${email.toUpperCase()} `);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Check your mail");
    const confirmation = await eventually(() => mailsTo(email)[0]);
    expect(subjectOf(confirmation)).toBe("Confirm your subscription to a status page");
    const token = linkIn(confirmation, "confirm").split("/").pop()!;
    const row = await testDb().one<{ confirm_token_hash: string; confirmed_at: string | null }>(
      `SELECT confirm_token_hash, confirmed_at FROM status_page_subscribers WHERE page_id = ?`,
      [page.id],
    );
    expect(row!.confirm_token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(row!.confirmed_at).toBeNull();

    // Before confirmation: an incident opens and resolves; the subscriber hears nothing.
    const early = await openIncident(job.id, job.ping_token);
    await processed(early, "incident.opened");
    expect((await ping(job.ping_token)).status).toBe(200);
    await processed(early, "incident.resolved");
    expect(mailsTo(email)).toHaveLength(1);

    // Confirmed once; the link is used up.
    const confirmed = await fetch(linkIn(confirmation, "confirm"));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Subscription confirmed");
    expect((await fetch(linkIn(confirmation, "confirm"))).status).toBe(404);

    // After: one mail per event, the update's markup inert in the HTML part.
    const incident = await openIncident(job.id, job.ping_token);
    await eventually(() => mailsTo(email).length === 2);
    const message = `Rolling back <script>window.__x=1</script> & <img src=x onerror=alert(1)>`;
    expect(
      (
        await call("POST", `/incidents/${incident}/updates`, {
          token: alice.access,
          body: { status: "identified", message },
        })
      ).status,
    ).toBe(201);
    await eventually(() => mailsTo(email).length === 3);
    expect((await ping(job.ping_token)).status).toBe(200);
    await eventually(() => mailsTo(email).length === 4);
    await processed(incident, "incident.resolved");
    await processed(incident, "incident.updated");
    const events = mailsTo(email).slice(1);
    expect(events.map(subjectOf)).toEqual([
      "[Our status] Billing is down",
      "[Our status] Billing: identified",
      "[Our status] Billing is operational again",
    ]);
    for (const m of events) {
      expect(headerOf(m, "List-Unsubscribe")).toMatch(
        new RegExp(`^<${baseUrl()}/status/${page.slug}/subscriptions/unsubscribe/\\d+\\.[A-Za-z0-9_-]{43}>$`),
      );
      expect(headerOf(m, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(linkIn(m, "unsubscribe")).toBe(headerOf(m, "List-Unsubscribe")!.slice(1, -1));
    }
    const htmlPart = mailText(events[1]!).split(/Content-Type: text\/html/i)[1]!;
    expect(htmlPart).toContain(
      "Rolling back &lt;script&gt;window.__x=1&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;",
    );
    expect(htmlPart).not.toContain("<script>");
    expect(htmlPart).not.toContain("<img");

    // The public page, its JSON and its feed never show a subscriber.
    for (const form of ["", ".json", "/feed"])
      expect(await (await fetch(`${baseUrl()}/status/${page.slug}${form}`)).text()).not.toContain(email);

    // GET on the link only asks (mail scanners open links); the one-click POST unsubscribes at once.
    const unsubscribeUrl = headerOf(events[0]!, "List-Unsubscribe")!.slice(1, -1);
    const asked = await fetch(unsubscribeUrl);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain(`<form method="post"`);
    expect(await testDb().one(`SELECT id FROM status_page_subscribers WHERE page_id = ?`, [page.id])).toBeTruthy();
    const gone = await fetch(unsubscribeUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(gone.status).toBe(200);
    expect(await testDb().query(`SELECT id FROM status_page_subscribers WHERE page_id = ?`, [page.id])).toEqual([]);
    expect((await fetch(unsubscribeUrl, { method: "POST" })).status).toBe(404);

    const after = await openIncident(job.id, job.ping_token);
    await processed(after, "incident.opened");
    expect(mailsTo(email)).toHaveLength(4);
  });

  it("refuses a forged, altered or other page's unsubscribe token, unsubscribing nobody", async () => {
    const job = await createMonitor(alice);
    const page = await createStatusPage(alice, { components: [{ cron_monitor_id: job.id }] });
    const other = await createStatusPage(alice);
    const email = newEmail("keep");
    await confirmedSubscriber(page.slug, email);
    const incident = await openIncident(job.id, job.ping_token);
    const mail = await eventually(() => mailsTo(email)[1]);
    await processed(incident, "incident.opened");
    const token = linkIn(mail, "unsubscribe").split("/").pop()!;
    const [id, mac] = token.split(".");
    const altered = `${id}.${mac!.slice(0, -1)}${mac!.endsWith("A") ? "B" : "A"}`;
    for (const path of [
      `/status/${page.slug}/subscriptions/unsubscribe/${altered}`,
      `/status/${other.slug}/subscriptions/unsubscribe/${token}`,
      `/status/${page.slug}/subscriptions/unsubscribe/${id}`,
    ]) {
      expect((await fetch(`${baseUrl()}${path}`, { method: "POST" })).status).toBe(404);
    }
    expect(await testDb().one(`SELECT id FROM status_page_subscribers WHERE id = ?`, [Number(id)])).toBeTruthy();
  });

  it("answers the JSON way with 202 and the contract's errors: 400 keyed by field, 404 for members pages, 401 before a password page's password", async () => {
    const page = await createStatusPage(alice);
    const ok = await subscribeJson(page.slug, { email: newEmail("json") });
    expect(ok.status).toBe(202);
    expect(ok.body).toEqual({ data: { status: "pending", message: expect.any(String) } });
    const bad = await subscribeJson(page.slug, { email: "not an address" });
    expectStandardError(bad, 400, "VALIDATION_ERROR");
    expect(Object.keys(bad.body.error.details)).toEqual(["email"]);
    expectStandardError(await subscribeJson(page.slug, { email: newEmail("x"), extra: 1 }), 400, "VALIDATION_ERROR");
    expectStandardError(await subscribeJson(page.slug, { email: "a\u0000b@example.test" }), 400, "VALIDATION_ERROR");
    expect((await subscribeForm(page.slug, "nope")).status).toBe(400);
    const garbled = await call("POST", `${baseUrl()}/status/${page.slug}/subscribe`, {
      rawBody: "{not json",
      headers: { "content-type": "application/json", "x-forwarded-for": newClient() },
    });
    expectStandardError(garbled, 400, "VALIDATION_ERROR");
    for (const slug of ["UPPER", "a".repeat(65), "no.dots"])
      expect((await subscribeJson(slug, { email: newEmail("s") })).status).toBe(404);
    for (const token of ["x".repeat(43), "1.short", "99999999999." + "A".repeat(43)]) {
      expect((await fetch(`${baseUrl()}/status/${page.slug}/subscriptions/confirm/${token}`)).status).toBe(404);
      expect(
        (await fetch(`${baseUrl()}/status/${page.slug}/subscriptions/unsubscribe/${token}`, { method: "POST" })).status,
      ).toBe(404);
    }

    const members = await createStatusPage(alice, { visibility: "members" });
    expectStandardError(await subscribeJson(members.slug, { email: newEmail("m") }), 404, "NOT_FOUND");
    expect((await subscribeForm(members.slug, newEmail("m"))).status).toBe(404);
    expect(
      await (
        await fetch(`${baseUrl()}/status/${members.slug}`, {
          headers: { cookie: await dashboardCookie(baseUrl(), alice.email, alice.password) },
        })
      ).text(),
    ).not.toContain("/subscribe");

    const locked = await createStatusPage(alice, { visibility: "password", password: "open sesame" });
    const email = newEmail("pw");
    expectStandardError(await subscribeJson(locked.slug, { email }), 401, "UNAUTHORIZED");
    expect((await subscribeForm(locked.slug, email)).status).toBe(401);
    const login = await fetch(`${baseUrl()}/status/${locked.slug}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newClient() },
      body: "password=open+sesame",
    });
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    expect((await subscribeJson(locked.slug, { email }, newClient(), { cookie })).status).toBe(202);
    await eventually(() => mailsTo(email)[0]);
    expect(
      await testDb().query(`SELECT id FROM status_page_subscribers WHERE page_id IN (?, ?)`, [members.id, locked.id]),
    ).toHaveLength(1);
  });

  it("throttles per client address and per email with 429 and Retry-After, in the standard body and on the form's page", async () => {
    const page = await createStatusPage(alice);
    const client = newClient();
    for (let i = 0; i < 10; i++)
      expect((await subscribeJson(page.slug, { email: newEmail(`t${i}`) }, client)).status).toBe(202);
    const refused = await subscribeJson(page.slug, { email: newEmail("t10") }, client);
    expectStandardError(refused, 429, "RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const form = await subscribeForm(page.slug, newEmail("t11"), client);
    expect(form.status).toBe(429);
    expect(form.headers.get("retry-after")).toBeTruthy();
    expect(await form.text()).toContain("Too many subscriptions");

    // One email address gets at most three confirmation mails an hour, whoever asks.
    const email = newEmail("victim");
    for (let i = 0; i < 3; i++) expect((await subscribeJson(page.slug, { email })).status).toBe(202);
    expectStandardError(await subscribeJson(page.slug, { email }), 429, "RATE_LIMITED");
    await eventually(() => mailsTo(email).length === 3);
  });

  it("lets a new visitor subscribe (and be mailed) after twelve addresses sent ten requests each", async () => {
    const page = await createStatusPage(alice);
    const crowd = Array.from({ length: 12 }, () => newClient());
    const accepted = await Promise.all(
      crowd.map(async (client) => {
        let n = 0;
        for (let i = 0; i < 10; i++)
          if ((await subscribeJson(page.slug, { email: newEmail("crowd") }, client)).status === 202) n++;
        return n;
      }),
    );
    expect(accepted).toEqual(Array(12).fill(10));
    const visitor = newEmail("visitor");
    const res = await subscribeJson(page.slug, { email: visitor });
    expect(res.status).toBe(202);
    expect(res.body.data.status).toBe("pending");
    await eventually(() => mailsTo(visitor)[0]);
  });

  it("stores but does not mail a subscription past the page's ceiling of 200 confirmation mails an hour, says so, and mails again once the hour ends", async () => {
    const page = await createStatusPage(alice);
    const ceiling = `subscribe-page-mails:${page.id}`;
    const stage = async (hits: number, windowEndMs: number) => {
      await testDb().run(`DELETE FROM rate_limits WHERE "key" = ?`, [ceiling]);
      await testDb().run(`INSERT INTO rate_limits ("key", hits, window_end) VALUES (?, ?, ?)`, [
        ceiling,
        hits,
        windowEndMs,
      ]);
    };
    await stage(199, Date.now() + 1800_000); // the hour's mails so far
    const last = newEmail("last");
    expect((await subscribeJson(page.slug, { email: last })).body.data.status).toBe("pending");
    await eventually(() => mailsTo(last)[0]);

    const late = newEmail("late");
    const json = await subscribeJson(page.slug, { email: late });
    expect(json.status).toBe(202);
    expect(json.body.data).toEqual({
      status: "deferred",
      message: expect.stringMatching(/none was sent/),
      retry_after_seconds: expect.any(Number),
    });
    const wait = json.body.data.retry_after_seconds as number;
    expect(wait).toBeGreaterThan(1700);
    expect(wait).toBeLessThanOrEqual(1800);
    expect(json.headers.get("retry-after")).toBe(String(wait));
    const later = newEmail("later");
    const form = await subscribeForm(page.slug, later);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("none was sent to you");
    const stored = await testDb().query<{ email: string; confirm_token_hash: string | null }>(
      `SELECT email, confirm_token_hash FROM status_page_subscribers WHERE page_id = ? ORDER BY id`,
      [page.id],
    );
    expect(stored.map((r) => [r.email, r.confirm_token_hash === null])).toEqual([
      [last, false],
      [late, true],
      [later, true],
    ]);
    // The mail of "last" has arrived; give any other one the same time to, then none came.
    await new Promise((r) => setTimeout(r, 500));
    expect([...mailsTo(late), ...mailsTo(later)]).toEqual([]);
    const counted = await testDb().one<{ hits: number | string }>(`SELECT hits FROM rate_limits WHERE "key" = ?`, [
      ceiling,
    ]);
    expect(Number(counted!.hits)).toBeGreaterThanOrEqual(200);

    await stage(200, Date.now() - 1000); // the hour has ended
    const again = await subscribeJson(page.slug, { email: late });
    expect(again.body.data.status).toBe("pending");
    const mail = await eventually(() => mailsTo(late)[0]);
    expect((await fetch(linkIn(mail, "confirm"))).status).toBe(200);
  });

  it("lists and removes subscribers for members of the page's organization only, on REST and tRPC", async () => {
    const job = await createMonitor(alice);
    const page = await createStatusPage(alice, { components: [{ cron_monitor_id: job.id }] });
    const pending = newEmail("pending");
    const confirmed = newEmail("confirmed");
    expect((await subscribeJson(page.slug, { email: pending })).status).toBe(202);
    await confirmedSubscriber(page.slug, confirmed);

    const list = await call("GET", `/status-pages/${page.id}/subscribers`, { token: alice.access });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: expect.any(Number),
        email: pending,
        status: "pending",
        date_created: expect.any(String),
        confirmed_at: null,
      },
      {
        id: expect.any(Number),
        email: confirmed,
        status: "confirmed",
        date_created: expect.any(String),
        confirmed_at: expect.any(String),
      },
    ]);
    const target = list.body.data[1].id as number;

    // Another organization: 404 on both faces, and nothing removed.
    expectStandardError(
      await call("GET", `/status-pages/${page.id}/subscribers`, { token: bob.access }),
      404,
      "NOT_FOUND",
    );
    expectStandardError(
      await call("DELETE", `/status-pages/${page.id}/subscribers/${target}`, { token: bob.access }),
      404,
      "NOT_FOUND",
    );
    const bobCookie = await dashboardCookie(baseUrl(), bob.email, bob.password);
    expect((await trpcQuery(baseUrl(), "statusPages.subscribers", { id: page.id }, { cookie: bobCookie })).status).toBe(
      404,
    );
    expect(
      (
        await trpcMutation(
          baseUrl(),
          "statusPages.removeSubscriber",
          { id: page.id, subscriber_id: target },
          { cookie: bobCookie },
        )
      ).status,
    ).toBe(404);
    const bobPage = await createStatusPage(bob);
    expectStandardError(
      await call("DELETE", `/status-pages/${bobPage.id}/subscribers/${target}`, { token: bob.access }),
      404,
      "NOT_FOUND",
    );
    expect((await call("GET", `/status-pages/${page.id}/subscribers`, { token: alice.access })).body.data).toHaveLength(
      2,
    );

    // The organization's member: the dashboard face lists them, and a removal stops the mails at once.
    const aliceCookie = await dashboardCookie(baseUrl(), alice.email, alice.password);
    const viaTrpc = await trpcQuery(baseUrl(), "statusPages.subscribers", { id: page.id }, { cookie: aliceCookie });
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body.result.data.data.map((s: { email: string }) => s.email)).toEqual([pending, confirmed]);
    expectStandardError(
      await call("DELETE", `/status-pages/${page.id}/subscribers/abc`, { token: alice.access }),
      400,
      "VALIDATION_ERROR",
    );
    expect(
      (await call("DELETE", `/status-pages/${page.id}/subscribers/${target}`, { token: alice.access })).status,
    ).toBe(204);
    expectStandardError(
      await call("DELETE", `/status-pages/${page.id}/subscribers/${target}`, { token: alice.access }),
      404,
      "NOT_FOUND",
    );
    const incident = await openIncident(job.id, job.ping_token);
    await processed(incident, "incident.opened");
    expect(mailsTo(confirmed)).toHaveLength(1); // the confirmation only
    expect(mailsTo(pending)).toHaveLength(1);
  });

  it("mails nothing while the page is a members page, and again after it is public", async () => {
    const job = await createMonitor(alice);
    const page = await createStatusPage(alice, { components: [{ cron_monitor_id: job.id, display_name: "Quiet" }] });
    const email = newEmail("members");
    await confirmedSubscriber(page.slug, email);
    expect(
      (await call("PATCH", `/status-pages/${page.id}`, { token: alice.access, body: { visibility: "members" } }))
        .status,
    ).toBe(200);
    const hidden = await openIncident(job.id, job.ping_token);
    await processed(hidden, "incident.opened");
    expect(mailsTo(email)).toHaveLength(1);
    expect(
      (await call("PATCH", `/status-pages/${page.id}`, { token: alice.access, body: { visibility: "public" } })).status,
    ).toBe(200);
    expect((await ping(job.ping_token)).status).toBe(200);
    await eventually(() => mailsTo(email).length === 2);
    expect(subjectOf(mailsTo(email)[1]!)).toBe("[Our status] Quiet is operational again");
  });

  it("sends an event to a subscriber exactly once when two delivery workers handle it at the same time", async () => {
    // The workers run in this process on connections of their own, as two sweepers would; the row
    // is stored processed, so the server's own worker leaves it to them.
    Object.assign(process.env, {
      DATA_DIR: inject("dataDir"),
      APP_URL: baseUrl(),
      ...(databaseKind() === "postgresql" ? { DATABASE_URL: databaseUrl() } : {}),
    });
    const closers: (() => unknown)[] = [];
    const runner = (): SqlRunner => {
      if (databaseKind() === "postgresql") {
        const pool = new Pool({ connectionString: databaseUrl(), max: 2 });
        closers.push(() => pool.end());
        return pgRunner(pool);
      }
      const db = openSqlite(path.join(inject("dataDir"), "lifeline.db"));
      closers.push(() => db.close());
      return sqliteRunner(db);
    };
    try {
      const job = await createMonitor(alice);
      const page = await createStatusPage(alice, { components: [{ cron_monitor_id: job.id, display_name: "Race" }] });
      const email = newEmail("race");
      await confirmedSubscriber(page.slug, email);
      const incident = await openIncident(job.id, job.ping_token);
      await eventually(() => mailsTo(email).length === 2);
      await processed(incident, "incident.opened");

      const now = new Date();
      await testDb().run(
        `INSERT INTO outbox (org_id, event, cron_monitor_id, incident_id, created_at, processed_at) VALUES (?, 'incident.resolved', ?, ?, ?, ?)`,
        [await orgIdOf(alice.orgSlug), job.id, incident, now, now],
      );
      const row = (await testDb().one<OutboxRow>(
        `SELECT id, org_id, event, cron_monitor_id, service_id, incident_id, run_id, update_id, created_at FROM outbox WHERE incident_id = ? AND event = 'incident.resolved'`,
        [incident],
      ))!;
      const opts = { smtpUrl: inject("smtpUrl"), smtpFrom: "Lifeline <lifeline@example.test>", backoffMs: 100 };
      const counts = await Promise.all([
        createSubscriberDelivery(runner(), opts).deliver(row),
        createSubscriberDelivery(runner(), opts).deliver(row),
      ]);
      expect(counts.map((c) => c.sent).sort()).toEqual([0, 1]);
      expect(mailsTo(email).map(subjectOf)).toEqual([
        "Confirm your subscription to a status page",
        "[Our status] Race is down",
        "[Our status] Race is operational again",
      ]);
      // A third worker taking the event over later sends nothing either.
      expect(await createSubscriberDelivery(runner(), opts).deliver(row)).toEqual({ sent: 0, failed: 0 });
      expect(mailsTo(email)).toHaveLength(3);
    } finally {
      for (const close of closers) await close();
    }
  });

  it("forgets subscribers' mail records older than 90 days at the sweeper's housekeeping and keeps younger ones", async () => {
    const page = await createStatusPage(alice);
    const email = newEmail("aged");
    await confirmedSubscriber(page.slug, email);
    const subscriber = (await testDb().one<{ id: number }>(`SELECT id FROM status_page_subscribers WHERE page_id = ?`, [
      page.id,
    ]))!;
    const day = 86_400_000;
    await testDb().run(
      `INSERT INTO status_page_subscriber_mails (outbox_id, subscriber_id, status, created_at) VALUES (?, ?, 'sent', ?), (?, ?, 'sent', ?)`,
      [
        2_000_000_001,
        subscriber.id,
        new Date(Date.now() - 91 * day),
        2_000_000_002,
        subscriber.id,
        new Date(Date.now() - 89 * day),
      ],
    );
    const run = await sweep(new Date());
    expect(run.report!.counts.deliveries_deleted).toBeGreaterThanOrEqual(1);
    expect(
      await testDb().query(`SELECT outbox_id FROM status_page_subscriber_mails WHERE subscriber_id = ?`, [
        subscriber.id,
      ]),
    ).toEqual([{ outbox_id: 2_000_000_002 }]);
  });

  it("mails a subscriber once when a window covering the page is scheduled and once when it starts, links from APP_URL; not one who opted out", async () => {
    const job = await createMonitor(alice, { name: "maint-job" });
    const page = await createStatusPage(alice, {
      title: "Maint status",
      components: [{ cron_monitor_id: job.id, display_name: "Exports" }],
    });
    const email = newEmail("maint");
    await confirmedSubscriber(page.slug, email);
    const quiet = newEmail("quiet");
    const optOut = await fetch(`${baseUrl()}/status/${page.slug}/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newClient() },
      body: new URLSearchParams({ email: quiet, maintenance: "0" }).toString(),
    });
    expect(optOut.status).toBe(200);
    expect((await fetch(linkIn(await eventually(() => mailsTo(quiet)[0]), "confirm"))).status).toBe(200);

    const created = await call("POST", "/maintenance-windows", {
      token: alice.access,
      body: {
        title: "Export <b>move</b>",
        description: "Exports pause.",
        starts_at: new Date(Date.now() + 2_000).toISOString(),
        ends_at: new Date(Date.now() + 3_600_000).toISOString(),
        targets: { cron_monitor_ids: [job.id] },
      },
    });
    expect(created.status, created.text).toBe(201);
    const windowId = created.body.data.id as number;
    const scheduled = await eventually(() => mailsTo(email).find((m) => subjectOf(m)?.includes("scheduled")), 30_000);
    expect(subjectOf(scheduled)).toBe("[Maint status] Maintenance scheduled: Export <b>move</b>");
    expect(mailText(scheduled)).toContain("Affects Exports.");
    expect(mailText(scheduled)).toContain("Export &lt;b&gt;move&lt;/b&gt;");
    // The sweep announces the start once it has begun (awaited by sweeping until it has).
    await eventually(async () => {
      await sweep(new Date());
      return (
        (
          await testDb().query(`SELECT id FROM outbox WHERE window_id = ? AND event = 'maintenance.started'`, [
            windowId,
          ])
        ).length === 1
      );
    }, 30_000);
    const started = await eventually(() => mailsTo(email).find((m) => subjectOf(m)?.includes("started")), 30_000);
    expect(subjectOf(started)).toBe("[Maint status] Maintenance started: Export <b>move</b>");
    await sweep(new Date());
    await eventually(async () =>
      (
        await testDb().query<{ processed_at: string | null }>(`SELECT processed_at FROM outbox WHERE window_id = ?`, [
          windowId,
        ])
      ).every((r) => r.processed_at !== null),
    );
    expect(
      mailsTo(email)
        .map(subjectOf)
        .filter((s) => s?.includes("Maintenance")),
    ).toHaveLength(2);
    for (const m of mailsTo(email).slice(1))
      for (const url of mailText(m).match(/https?:\/\/[^\s"<>]+/g) ?? []) expect(url.startsWith(baseUrl())).toBe(true);
    expect(mailsTo(quiet)).toHaveLength(1); // the confirmation only
  });
});
