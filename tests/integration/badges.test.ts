import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { newProject, newService } from "../support/projects";
import { dashboardCookie, trpcMutation } from "../support/dashboard";
import { createMonitor, monitorRow, ping } from "../support/monitors";
import { seedMonitor, sweep } from "../support/sweeper";

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser("alice"), registerUser("bob")]);
});

/** The same key with its last character changed: certainly another key of the same form. */
const otherKeyUrl = (svgUrl: string) =>
  svgUrl.replace(/([A-Za-z0-9_-])\.svg$/, (_, last: string) => `${last === "A" ? "B" : "A"}.svg`);

const fetchText = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, text: await res.text() };
};

/** A badge's answer is cached for a second (its state stamp is read again after that): wait it out after a change. */
const badgeCacheSecond = () => new Promise((r) => setTimeout(r, 1_100));

/** Well-formed XML, checked the strict way a small parser can: every tag closed in order, no bare `<` or `&`. */
function expectWellFormedSvg(svg: string) {
  expect(svg.startsWith("<svg ")).toBe(true);
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-z]+)([^<>]*?)(\/?)>|<|&(?!(?:amp|lt|gt|quot|#39);)/g)) {
    if (m[2] === undefined) throw new Error(`bare markup character at ${m.index}`);
    if (m[1]) expect(stack.pop()).toBe(m[2]);
    else if (!m[4]) stack.push(m[2]);
  }
  expect(stack).toEqual([]);
}

describe("badges", () => {
  it("issues a badge with an unguessable key and answers SVG, JSON and the shields document", async () => {
    const job = await createMonitor(alice, { name: "Nightly" });
    await ping(job.ping_token);
    const res = await call("POST", "/badges", { token: alice.access, body: { cron_monitor_id: job.id } });
    expect(res.status).toBe(201);
    const b = res.body.data;
    expect(b).toMatchObject({ label: "Nightly", target: { type: "cron_monitor", id: job.id } });
    const key = b.urls.svg.match(/\/badge\/([^/]+)\.svg$/)[1];
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(res.text).not.toContain(job.ping_token);
    // Not derived from the object: a second badge of the same monitor gets another key.
    const again = (await call("POST", "/badges", { token: alice.access, body: { cron_monitor_id: job.id } })).body.data;
    expect(again.urls.svg).not.toBe(b.urls.svg);
    expect(key).not.toBe(String(job.id));

    const svg = await fetchText(b.urls.svg);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toContain("image/svg+xml");
    expect(svg.headers.get("cache-control")).toBe("public, max-age=60");
    expect(svg.text).toContain(">up<");
    expectWellFormedSvg(svg.text);
    expect(JSON.parse((await fetchText(b.urls.json)).text)).toEqual({
      status: "up",
      label: "Nightly",
      uptime_30d: 100,
    });
    expect(JSON.parse((await fetchText(b.urls.shields)).text)).toMatchObject({
      schemaVersion: 1,
      label: "Nightly",
      message: "up",
      color: "brightgreen",
    });

    await ping(job.ping_token, "/fail");
    await badgeCacheSecond();
    expect((await fetchText(b.urls.svg)).text).toContain(">down<");
    expect(JSON.parse((await fetchText(b.urls.json)).text).status).toBe("down");
  });

  it("answers 404 at once for a revoked badge, an id in place of a key, and a changed key", async () => {
    const job = await createMonitor(alice);
    const b = (await call("POST", "/badges", { token: alice.access, body: { cron_monitor_id: job.id, label: "Jobs" } }))
      .body.data;
    const base = b.urls.svg.replace(/\/badge\/.*$/, "");
    expect((await fetchText(`${base}/badge/${b.id}.svg`)).status).toBe(404);
    expect((await fetchText(`${base}/badge/${job.id}.json`)).status).toBe(404);
    expect((await fetchText(`${base}/badge/${job.ping_token}.svg`)).status).toBe(404);
    const changed = otherKeyUrl(b.urls.svg);
    expect(changed).not.toBe(b.urls.svg);
    expect(changed.length).toBe(b.urls.svg.length);
    expect((await fetchText(changed)).status).toBe(404);
    const list = await call("GET", "/badges", { token: alice.access });
    expect(list.body.data.map((x: { id: number }) => x.id)).toContain(b.id);
    expect((await call("DELETE", `/badges/${b.id}`, { token: alice.access })).status).toBe(204);
    for (const url of Object.values(b.urls) as string[]) expect((await fetchText(url)).status).toBe(404);
  });

  it("badges a service and a project of the caller, and keeps the SVG well-formed with a hostile label", async () => {
    const project = await newProject(alice);
    await newService(alice, { project_id: project.id });
    const label = `<script>alert(1)</script> onerror="x" ]]> &`;
    const res = await call("POST", "/badges", { token: alice.access, body: { project_id: project.id, label } });
    expect(res.status).toBe(201);
    const svg = await fetchText(res.body.data.urls.svg);
    expect(svg.text).not.toContain("<script>");
    expect(svg.text).toContain("no data");
    expectWellFormedSvg(svg.text);
    expect(JSON.parse((await fetchText(res.body.data.urls.json)).text)).toEqual({
      status: "unknown",
      label,
      uptime_30d: null,
    });
  });

  it("refuses another organization's monitor and another user's service or project as not found, and hides badges across organizations", async () => {
    const bobsJob = await createMonitor(bob);
    const bobsService = await newService(bob);
    const bobsProject = await newProject(bob);
    for (const body of [
      { cron_monitor_id: bobsJob.id },
      { service_id: bobsService.id },
      { project_id: bobsProject.id },
    ]) {
      expectStandardError(await call("POST", "/badges", { token: alice.access, body }), 404, "NOT_FOUND");
    }
    expectStandardError(await call("POST", "/badges", { token: alice.access, body: {} }), 400, "VALIDATION_ERROR");
    const mine = (await call("POST", "/badges", { token: bob.access, body: { cron_monitor_id: bobsJob.id } })).body
      .data;
    expect(
      (await call("GET", "/badges", { token: alice.access })).body.data.map((x: { id: number }) => x.id),
    ).not.toContain(mine.id);
    expectStandardError(await call("DELETE", `/badges/${mine.id}`, { token: alice.access }), 404, "NOT_FOUND");
    expect((await fetchText(mine.urls.svg)).status).toBe(200);
  });

  it("shows a late monitor as late on an all-states badge and as up on an up/down-only badge, and down on both", async () => {
    const m = await seedMonitor(alice, { periodSeconds: 3600, graceSeconds: 300 });
    expect((await ping(m.ping_token)).status).toBe(200);
    const expectedAt: string = (await monitorRow(m.id)).next_expected_at;
    const all = await call("POST", "/badges", { token: alice.access, body: { cron_monitor_id: m.id, label: "all" } });
    const upDown = await call("POST", "/badges", {
      token: alice.access,
      body: { cron_monitor_id: m.id, label: "two", states: "up_down" },
    });
    expect(all.status).toBe(201);
    expect(upDown.status).toBe(201);
    expect(all.body.data.states).toBe("all");
    expect(upDown.body.data.states).toBe("up_down");

    expect((await sweep(new Date(new Date(expectedAt).getTime() + 60_000))).code).toBe(0);
    expect((await monitorRow(m.id)).state).toBe("late");
    await badgeCacheSecond();
    expect((await fetchText(all.body.data.urls.svg)).text).toContain(">late<");
    const twoSvg = (await fetchText(upDown.body.data.urls.svg)).text;
    expect(twoSvg).toContain(">up<");
    expect(twoSvg).not.toContain(">late<");
    expectWellFormedSvg(twoSvg);
    expect(JSON.parse((await fetchText(upDown.body.data.urls.json)).text).status).toBe("up");
    expect(JSON.parse((await fetchText(upDown.body.data.urls.shields)).text)).toMatchObject({
      message: "up",
      color: "brightgreen",
    });

    expect((await ping(m.ping_token, "/fail")).status).toBe(200);
    await badgeCacheSecond();
    expect(JSON.parse((await fetchText(all.body.data.urls.json)).text).status).toBe("down");
    expect(JSON.parse((await fetchText(upDown.body.data.urls.json)).text).status).toBe("down");
    const listed = (await call("GET", "/badges", { token: alice.access })).body.data.find(
      (x: { id: number }) => x.id === upDown.body.data.id,
    );
    expect(listed.states).toBe("up_down");
  });

  it("refuses an unknown states value with 400 on REST and on the dashboard's tRPC face", async () => {
    const job = await createMonitor(alice);
    expectStandardError(
      await call("POST", "/badges", { token: alice.access, body: { cron_monitor_id: job.id, states: "sometimes" } }),
      400,
      "VALIDATION_ERROR",
    );
    const cookie = await dashboardCookie(baseUrl(), alice.email, alice.password);
    const res = await trpcMutation(
      baseUrl(),
      "badges.create",
      { cron_monitor_id: job.id, states: "up" },
      { cookie, "x-org-slug": alice.orgSlug },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.data.appCode).toBe("VALIDATION_ERROR");
  });
});
