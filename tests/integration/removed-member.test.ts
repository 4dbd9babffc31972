import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkStores, recordCheck } from "../support/check-stores";
import { dashboardCookie, trpcMutation } from "../support/dashboard";
import { rows, testDb } from "../support/db";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { startKindReceiver } from "../support/kind-receiver";
import { createMonitor, ping } from "../support/monitors";
import { privateProbe, startTarget } from "../support/probes";
import { setPlan } from "../support/projects";
import { orgIdOf } from "../support/seed";
import { createStatusPage } from "../support/status-pages";
import { eventually, mailText, startSmtp } from "../support/sweeper";

// Issue 37, item 3: a member removed from an organization keeps no hand on it. Bob, a member of
// Alice's organization, links his own service to her objects; Alice removes him; then he takes the
// service down, renames it, posts updates and recovers it. Real server, real probe-check store,
// real webhook receivers and a real SMTP server on loopback, on both engines.
const stores = checkStores();
const cleanup: (() => Promise<void> | void)[] = [];
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  for (const c of cleanup) await c();
  await stores.close();
  await smtp.close();
});

type Delivered = { event: string; incident: { id: number } | null; children?: { name: string }[] };
const EVIL_NAME = "ALL DATA BREACHED - reset your password at evil.example";
const EVIL_UPDATE = "EVIL-UPDATE-visit-evil.example";
const SECRET = "SECRET-internal-db-backup";

async function processed(incidentId: number, event: string) {
  await eventually(async () => {
    const found = await rows<{ processed_at: string | null }>(
      "SELECT processed_at FROM outbox WHERE incident_id = ? AND event = ?",
      incidentId,
      event,
    );
    return found.length > 0 && found.every((r) => r.processed_at !== null);
  }, 30_000);
}

async function confirmedSubscriber(slug: string, email: string) {
  const form = await fetch(`${baseUrl()}/status/${slug}/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.51.100.37" },
    body: new URLSearchParams({ email }).toString(),
  });
  expect(form.status).toBe(200);
  const mail = await eventually(() => smtp.mails.find((m) => m.to.includes(email)));
  const link = mailText(mail).match(
    new RegExp(`${baseUrl()}/status/[a-z0-9-]+/subscriptions/confirm/[A-Za-z0-9._-]+`),
  )!;
  expect((await fetch(link[0])).status).toBe(200);
}

describe("a member removed from an organization", () => {
  let alice: TestUser;
  let bob: TestUser;
  let failing: Awaited<ReturnType<typeof startTarget>>;
  let healthy: Awaited<ReturnType<typeof startTarget>>;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([registerUser("edges-alice"), registerUser("edges-bob")]);
    await Promise.all([setPlan(alice, "enterprise"), setPlan(bob, "enterprise")]);
    [failing, healthy] = await Promise.all([startTarget("error"), startTarget("ok")]);
    cleanup.push(
      () => failing.close(),
      () => healthy.close(),
    );
  });

  it("cannot link his service to the organization's monitor, and what he linked is cut at his removal: Alice's incident is hers and notified, his webhook, page and subscribers learn nothing of hers", async () => {
    const asBob = { "x-org-slug": alice.orgSlug };
    const [aliceHook, bobHook] = await Promise.all([startKindReceiver(), startKindReceiver()]);
    cleanup.push(
      () => aliceHook.close(),
      () => bobHook.close(),
    );
    for (const [user, hook] of [
      [alice, aliceHook],
      [bob, bobHook],
    ] as const) {
      const res = await call("POST", "/integrations", {
        token: user.access,
        body: { name: "on-call", kind: "webhook", url: hook.base, is_default: true },
      });
      expect(res.status, res.text).toBe(201);
    }
    const added = await call("POST", `/orgs/${alice.orgSlug}/members`, {
      token: alice.access,
      body: { email: bob.email, role: "member" },
    });
    expect(added.status, added.text).toBe(201);

    const monitor = await createMonitor(alice, { name: SECRET });
    const page = await createStatusPage(alice, { components: [{ cron_monitor_id: monitor.id }] });
    const subscriber = `edges-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await confirmedSubscriber(page.slug, subscriber);

    const probe = await privateProbe(bob, "bob-lane");
    const config = { url: healthy.url, expected_status_code: 200, timeout: 5 };
    const created = await call("POST", "/services", {
      token: bob.access,
      body: { name: "bob's api", type: "http", config, interval: 60, probe_ids: [probe.id] },
    });
    expect(created.status, created.text).toBe(201);
    const service = created.body.data.id as number;

    // The attack: Alice's monitor made to depend on Bob's service (its incidents go to Bob's
    // organization) is refused on both faces as an unknown service; so is an integration of his.
    const dependsRest = await call("PATCH", `/cron-monitors/${monitor.id}`, {
      token: bob.access,
      headers: asBob,
      body: { depends_on: { service_ids: [service] } },
    });
    expectStandardError(dependsRest, 400, "VALIDATION_ERROR");
    expect(dependsRest.body.error.details["depends_on.service_ids"]).toEqual([
      `No service ${service} in this organization`,
    ]);
    const cookie = await dashboardCookie(baseUrl(), bob.email, bob.password);
    const dependsTrpc = await trpcMutation(
      baseUrl(),
      "cronMonitors.update",
      { id: monitor.id, depends_on: { service_ids: [service] } },
      { cookie, ...asBob },
    );
    expect(dependsTrpc.status).toBe(400);
    expect(dependsTrpc.body.error.data.appCode).toBe("VALIDATION_ERROR");
    const [bobIntegration] = await rows<{ id: number }>(
      "SELECT i.id FROM integrations i JOIN organizations o ON o.id = i.org_id WHERE o.slug = ?",
      bob.orgSlug,
    );
    const integrationRest = await call("PATCH", `/cron-monitors/${monitor.id}`, {
      token: bob.access,
      headers: asBob,
      body: { integration_ids: [bobIntegration!.id] },
    });
    expectStandardError(integrationRest, 400, "VALIDATION_ERROR");
    const integrationTrpc = await trpcMutation(
      baseUrl(),
      "cronMonitors.update",
      { id: monitor.id, integration_ids: [bobIntegration!.id] },
      { cookie, ...asBob },
    );
    expect(integrationTrpc.status).toBe(400);
    expect((await call("GET", `/cron-monitors/${monitor.id}`, { token: alice.access })).body.data.depends_on).toEqual({
      cron_monitor_ids: [],
      service_ids: [],
    });

    // While a member he may show his own service on Alice's page; an edge the code before this
    // change stored for the PATCH above is written as it was.
    const onPage = await call("PATCH", `/status-pages/${page.id}`, {
      token: bob.access,
      headers: asBob,
      body: { components: [{ cron_monitor_id: monitor.id }, { service_id: service }] },
    });
    expect(onPage.status, onPage.text).toBe(200);
    const aliceOrg = await orgIdOf(alice.orgSlug);
    await testDb().run("INSERT INTO dependencies (org_id, child_cron_monitor_id, parent_service_id) VALUES (?, ?, ?)", [
      aliceOrg,
      monitor.id,
      service,
    ]);

    // Alice removes him: no edge of her organization to his objects remains, each cut recorded.
    const removed = await call("DELETE", `/orgs/${alice.orgSlug}/members/${bob.id}`, { token: alice.access });
    expect(removed.status, removed.text).toBe(204);
    expect(
      await rows("SELECT id FROM dependencies WHERE org_id = ? OR parent_service_id = ?", aliceOrg, service),
    ).toEqual([]);
    expect(await rows("SELECT id FROM status_page_components WHERE service_id = ?", service)).toEqual([]);
    expect(
      await rows(
        "SELECT object_type, object_id, edge, target_type, target_id FROM edge_removals WHERE org_id = ? ORDER BY object_type",
        aliceOrg,
      ),
    ).toEqual([
      {
        object_type: "cron_monitor",
        object_id: monitor.id,
        edge: "depends_on",
        target_type: "service",
        target_id: service,
      },
      {
        object_type: "status_page",
        object_id: page.id,
        edge: "status_page_component",
        target_type: "service",
        target_id: service,
      },
    ]);
    const onPageRecord = await call("GET", `/edge-removals?object_type=status_page&object_id=${page.id}`, {
      token: alice.access,
    });
    expect(onPageRecord.status, onPageRecord.text).toBe(200);
    expect(onPageRecord.body.data).toEqual([
      {
        id: expect.any(Number),
        object_type: "status_page",
        object_id: page.id,
        edge: "status_page_component",
        target_type: "service",
        target_id: service,
        reason: `Its owner is no longer a member of organization ${alice.orgSlug}`,
        removed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      },
    ]);
    // Bob, outside now, reads none of it.
    expect((await call("GET", "/edge-removals", { token: bob.access, headers: asBob })).status).toBe(403);
    // A component row left across organizations (written by hand here) is neither kept by an edit...
    await testDb().run("INSERT INTO status_page_components (page_id, position, service_id) VALUES (?, 1, ?)", [
      page.id,
      service,
    ]);
    const keep = await call("PATCH", `/status-pages/${page.id}`, {
      token: alice.access,
      body: { components: [{ cron_monitor_id: monitor.id }, { service_id: service }] },
    });
    expectStandardError(keep, 400, "VALIDATION_ERROR");
    expect(keep.body.error.details["components.1"]).toEqual(["Service not found"]);

    // Bob renames his service, takes it down and posts an update on its incident.
    expect((await call("PATCH", `/services/${service}`, { token: bob.access, body: { name: EVIL_NAME } })).status).toBe(
      200,
    );
    const store = stores.open();
    const down = { ...config, url: failing.url };
    for (let i = 0; i < 2; i++) await recordCheck(store, { probeId: probe.id, serviceId: service }, down);
    const [bobIncident] = await rows<{ id: number }>(
      "SELECT id FROM incidents WHERE service_id = ? AND status = 'open'",
      service,
    );
    expect(bobIncident).toBeTruthy();
    const update = await call("POST", `/incidents/${bobIncident!.id}/updates`, {
      token: bob.access,
      body: { status: "investigating", message: EVIL_UPDATE },
    });
    expect(update.status, update.text).toBe(201);

    // Alice's monitor fails: her incident is her own (no parent) and her people are told.
    expect((await ping(monitor.ping_token, "/fail")).status).toBe(200);
    const [aliceIncident] = await rows<{ id: number; parent_incident_id: number | null }>(
      "SELECT id, parent_incident_id FROM incidents WHERE cron_monitor_id = ? AND status = 'open'",
      monitor.id,
    );
    expect(aliceIncident!.parent_incident_id).toBeNull();
    await eventually(() =>
      aliceHook.received
        .map((r) => JSON.parse(r.body) as Delivered)
        .find((d) => d.event === "incident.opened" && d.incident?.id === aliceIncident!.id),
    );

    // Even an incident row linked under his by the code before this change is not listed to him.
    await testDb().run("UPDATE incidents SET parent_incident_id = ? WHERE id = ?", [
      bobIncident!.id,
      aliceIncident!.id,
    ]);
    for (let i = 0; i < 2; i++) await recordCheck(store, { probeId: probe.id, serviceId: service }, config);
    await processed(bobIncident!.id, "incident.resolved");
    const resolved = bobHook.received
      .map((r) => JSON.parse(r.body) as Delivered)
      .filter((d) => d.event === "incident.resolved" && d.incident?.id === bobIncident!.id);
    expect(resolved).toHaveLength(1);
    expect(resolved[0]!.children).toBeUndefined();
    expect(bobHook.received.map((r) => r.body).join("\n")).not.toContain(SECRET);

    // Alice's page, its JSON and feed, and her subscriber's mail show nothing of his.
    await processed(bobIncident!.id, "incident.updated");
    for (const suffix of ["", ".json", "/feed"]) {
      const res = await fetch(`${baseUrl()}/status/${page.slug}${suffix}`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain(SECRET);
      expect(text).not.toContain("evil.example");
    }
    const json = (await (await fetch(`${baseUrl()}/status/${page.slug}.json`)).json()) as {
      groups: { components: unknown[] }[];
    };
    expect(json.groups.flatMap((g) => g.components)).toHaveLength(1);
    await processed(aliceIncident!.id, "incident.opened");
    const mails = smtp.mails.filter((m) => m.to.includes(subscriber)).map(mailText);
    expect(mails.length).toBeGreaterThan(1); // the confirmation, then Alice's own incident
    expect(mails.join("\n")).not.toContain("evil.example");
  }, 120_000);

  it("keeps no edge of a member whose page and window edits race his removal: each edit runs wholly before it (and is cut) or after it (and is refused)", async () => {
    const page = await createStatusPage(alice, { components: [] });
    const refused: number[] = [];
    for (let round = 0; round < 8; round++) {
      const carol = await registerUser(`race-carol-${round}`);
      const added = await call("POST", `/orgs/${alice.orgSlug}/members`, {
        token: alice.access,
        body: { email: carol.email, role: "member" },
      });
      expect(added.status, added.text).toBe(201);
      const created = await call("POST", "/services", {
        token: carol.access,
        body: { name: `carol's api ${round}`, type: "http", config: { url: "http://127.0.0.1:9/" } },
      });
      expect(created.status, created.text).toBe(201);
      const service = created.body.data.id as number;
      const asCarol = { token: carol.access, headers: { "x-org-slug": alice.orgSlug } };
      // Her two edits and Alice's removal of her, sent at once.
      const [onPage, window, removed] = await Promise.all([
        call("PATCH", `/status-pages/${page.id}`, { ...asCarol, body: { components: [{ service_id: service }] } }),
        call("POST", "/maintenance-windows", {
          ...asCarol,
          body: {
            title: `carol's upgrade ${round}`,
            starts_at: "2030-01-01T00:00:00Z",
            ends_at: "2030-01-01T01:00:00Z",
            targets: { service_ids: [service] },
          },
        }),
        call("DELETE", `/orgs/${alice.orgSlug}/members/${carol.id}`, { token: alice.access }),
      ]);
      expect(removed.status, removed.text).toBe(204);
      for (const edit of [onPage, window]) {
        // Refused after the removal: as a stranger (403/404) or her service unknown (400); never a 5xx.
        expect([200, 201, 400, 403, 404], edit.text).toContain(edit.status);
        if (edit.status >= 400) refused.push(edit.status);
      }
      const left = await rows(
        `SELECT 'component' AS edge FROM status_page_components WHERE service_id = ?
         UNION ALL SELECT 'target' FROM maintenance_targets t JOIN maintenance_windows w ON w.id = t.window_id
           JOIN organizations o ON o.id = w.org_id WHERE t.service_id = ? AND o.slug = ?`,
        service,
        service,
        alice.orgSlug,
      );
      expect(left, `round ${round}`).toEqual([]);
    }
    console.log(`edits refused after the removal: ${refused.length} of 16 (${refused.join(", ")})`);
  });

  it("records on the page, the dependent monitor and the window that a deleted service's edges went with it", async () => {
    const created = await call("POST", "/services", {
      token: alice.access,
      body: { name: "alice's db", type: "http", config: { url: "http://127.0.0.1:9/" } },
    });
    expect(created.status, created.text).toBe(201);
    const service = created.body.data.id as number;
    const monitor = await createMonitor(alice, { depends_on: { service_ids: [service] } });
    const page = await createStatusPage(alice, { components: [{ service_id: service }] });
    const window = await call("POST", "/maintenance-windows", {
      token: alice.access,
      body: {
        title: "upgrade",
        starts_at: "2030-01-01T00:00:00Z",
        ends_at: "2030-01-01T01:00:00Z",
        targets: { service_ids: [service] },
      },
    });
    expect(window.status, window.text).toBe(201);
    expect((await call("DELETE", `/services/${service}`, { token: alice.access })).status).toBe(204);
    expect(
      await rows(
        "SELECT object_type, object_id, edge, reason FROM edge_removals WHERE target_type = 'service' AND target_id = ? ORDER BY object_type",
        service,
      ),
    ).toEqual([
      { object_type: "cron_monitor", object_id: monitor.id, edge: "depends_on", reason: "The service was deleted" },
      {
        object_type: "maintenance_window",
        object_id: window.body.data.id,
        edge: "maintenance_target",
        reason: "The service was deleted",
      },
      {
        object_type: "status_page",
        object_id: page.id,
        edge: "status_page_component",
        reason: "The service was deleted",
      },
    ]);
    expect((await call("GET", `/cron-monitors/${monitor.id}`, { token: alice.access })).body.data.depends_on).toEqual({
      cron_monitor_ids: [],
      service_ids: [],
    });
  });

  it("records on each monitor that listed a deleted integration that it lost it", async () => {
    const hook = await call("POST", "/integrations", {
      token: alice.access,
      body: { name: "gone", kind: "webhook", url: "https://hooks.example.test/gone" },
    });
    expect(hook.status, hook.text).toBe(201);
    const listing = await createMonitor(alice, { integration_ids: [hook.body.data.id] });
    await createMonitor(alice); // lists nothing: nothing recorded on it
    expect((await call("DELETE", `/integrations/${hook.body.data.id}`, { token: alice.access })).status).toBe(204);
    expect(
      await rows(
        "SELECT object_type, object_id, edge, reason FROM edge_removals WHERE target_type = 'integration' AND target_id = ?",
        hook.body.data.id,
      ),
    ).toEqual([
      {
        object_type: "cron_monitor",
        object_id: listing.id,
        edge: "integration",
        reason: "The integration was deleted",
      },
    ]);
  });
});
