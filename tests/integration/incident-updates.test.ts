import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, expectStandardError, registerUser, serviceToken, type TestUser } from "../support/http";
import { createMonitor, ping } from "../support/monitors";
import { createStatusPage } from "../support/status-pages";

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser("alice"), registerUser("bob")]);
});

async function openIncident(user: TestUser, name = "Billing job") {
  const job = await createMonitor(user, { name });
  await ping(job.ping_token, "/fail");
  const list = await call("GET", `/incidents?cron_monitor=${job.id}`, { token: user.access });
  return { job, incident: list.body.data[0] as { id: number } };
}

const text = async (path: string) => (await fetch(`${baseUrl()}${path}`)).text();

describe("incident updates", () => {
  it("posts an update that the status page, its JSON and its feed show at once, escaped", async () => {
    const { job, incident } = await openIncident(alice);
    const page = await createStatusPage(alice, { components: [{ cron_monitor_id: job.id, display_name: "Billing" }] });
    expect(JSON.parse(await text(`/status/${page.slug}.json`)).incidents.active[0].updates).toEqual([]);
    const message = `Looking into it <script>window.__x=1</script> ]]> & <img src=x onerror=alert(1)>`;
    const res = await call("POST", `/incidents/${incident.id}/updates`, {
      token: alice.access,
      body: { status: "investigating", message },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ incident_id: incident.id, status: "investigating", message });
    const json = JSON.parse(await text(`/status/${page.slug}.json`));
    expect(json.incidents.active[0].updates).toEqual([
      { status: "investigating", message, created_at: res.body.data.created_at },
    ]);
    const html = await text(`/status/${page.slug}`);
    expect(html).toContain("Looking into it &lt;script&gt;");
    expect(html).not.toContain("<script>window.__x");
    expect(html).not.toContain("<img src=x");
    const feed = await text(`/status/${page.slug}/feed`);
    expect(feed).toContain("<title>Billing: investigating</title>");
    expect(feed).not.toContain("]]>");
    const listed = await call("GET", `/incidents/${incident.id}/updates`, { token: alice.access });
    expect(listed.body.data.map((u: { message: string }) => u.message)).toEqual([message]);
  });

  it("drops only the cached pages that show the incident: another organization's page and badge stay cached", async () => {
    const { job, incident } = await openIncident(alice, "Alice's job");
    const bobs = await createMonitor(bob, { name: "Bob's job" });
    const [alicePage, bobPage] = await Promise.all([
      createStatusPage(alice, { components: [{ cron_monitor_id: job.id }] }),
      createStatusPage(bob, { components: [{ cron_monitor_id: bobs.id }] }),
    ]);
    const badge = await call("POST", "/badges", { token: bob.access, body: { cron_monitor_id: bobs.id } });
    expect(badge.status).toBe(201);
    const cacheOf = async (url: string) => {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      return res.headers.get("x-cache");
    };
    const urls = {
      alice: `${baseUrl()}/status/${alicePage.slug}.json`,
      bob: `${baseUrl()}/status/${bobPage.slug}.json`,
      badge: badge.body.data.urls.svg.replace(/^https?:\/\/[^/]+/, baseUrl()),
    };
    for (const url of Object.values(urls)) await cacheOf(url); // built (or already cached)
    for (const url of Object.values(urls)) expect(await cacheOf(url)).toBe("hit");
    const posted = await call("POST", `/incidents/${incident.id}/updates`, {
      token: alice.access,
      body: { status: "identified", message: "Alice's words" },
    });
    expect(posted.status).toBe(201);
    // Alice's page is built again and shows the update; Bob's page and badge were not touched.
    expect(await cacheOf(urls.alice)).toBe("miss");
    expect(JSON.parse(await text(`/status/${alicePage.slug}.json`)).incidents.active[0].updates).toHaveLength(1);
    expect(await cacheOf(urls.bob)).toBe("hit");
    expect(await cacheOf(urls.badge)).toBe("hit");
    // A write of Bob's organization drops Bob's entries (and they are built again).
    const edit = await call("PATCH", `/cron-monitors/${bobs.id}`, { token: bob.access, body: { name: "Bob's job 2" } });
    expect(edit.status).toBe(200);
    expect(await cacheOf(urls.bob)).toBe("miss");
    expect(await cacheOf(urls.badge)).toBe("miss");
    expect(await cacheOf(urls.alice)).toBe("hit");
  });

  it("refuses an unknown status and an empty message with 400, keyed by field", async () => {
    const { incident } = await openIncident(alice);
    const bad = await call("POST", `/incidents/${incident.id}/updates`, {
      token: alice.access,
      body: { status: "fixed", message: "x" },
    });
    expectStandardError(bad, 400, "VALIDATION_ERROR");
    expect(Object.keys(bad.body.error.details)).toEqual(["status"]);
    const empty = await call("POST", `/incidents/${incident.id}/updates`, {
      token: alice.access,
      body: { status: "monitoring", message: "   " },
    });
    expectStandardError(empty, 400, "VALIDATION_ERROR");
    expect(Object.keys(empty.body.error.details)).toEqual(["message"]);
  });

  it("hides another organization's incident (404) and refuses a viewer token (403), storing nothing", async () => {
    const { incident } = await openIncident(alice);
    expectStandardError(
      await call("POST", `/incidents/${incident.id}/updates`, {
        token: bob.access,
        body: { status: "identified", message: "mine" },
      }),
      404,
      "NOT_FOUND",
    );
    expectStandardError(
      await call("GET", `/incidents/${incident.id}/updates`, { token: bob.access }),
      404,
      "NOT_FOUND",
    );
    const viewer = await serviceToken(alice, ["cronmonitor.view"]);
    expectStandardError(
      await call("POST", `/incidents/${incident.id}/updates`, {
        token: viewer,
        body: { status: "identified", message: "x" },
      }),
      403,
      "FORBIDDEN",
    );
    expect((await call("GET", `/incidents/${incident.id}/updates`, { token: alice.access })).body.data).toEqual([]);
  });
});
