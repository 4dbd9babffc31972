import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, expectStandardError, registerUser, serviceToken, type TestUser } from "../support/http";
import { testDb } from "../support/db";
import { dashboardCookie, trpcMutation, trpcQuery } from "../support/dashboard";
import { startReceiver } from "../support/sweeper";

// Integration credentials (Slack and webhook URLs, the webhook signing secret) are write-only:
// every face shows them masked to every role; an editor replaces them.

const SLACK_URL = "https://hooks.slack.com/services/T0001/B0002/XXXXyyyyZZZZSECRET";
const HOOK_URL = "https://receiver.example.test/hooks/catch/9081/tok3nPathPart77";
const HOOK_SECRET = "my-own-signing-secret-4711";
const secretsIn = (text: string) =>
  [SLACK_URL, HOOK_URL, HOOK_SECRET, "XXXXyyyyZZZZ", "tok3nPathPart", "signing-secret"].filter((s) => text.includes(s));

let owner: TestUser;
let viewer: TestUser;
let slack: Record<string, any>;
let hook: Record<string, any>;
const org = () => ({ "X-Org-Slug": owner.orgSlug });
const stored = (id: number) =>
  testDb().one<{ url: string | null; secret: string | null; name: string }>(
    `SELECT url, secret, name FROM integrations WHERE id = ?`,
    [id],
  );

beforeAll(async () => {
  owner = await registerUser("secrets");
  viewer = await registerUser("secrets-viewer");
  expect(
    (
      await call("POST", `/orgs/${owner.orgSlug}/members`, {
        token: owner.access,
        body: { email: viewer.email, role: "viewer" },
      })
    ).status,
  ).toBe(201);
  slack = (
    await call("POST", "/integrations", { token: owner.access, body: { name: "Slack", kind: "slack", url: SLACK_URL } })
  ).body.data;
  hook = (
    await call("POST", "/integrations", {
      token: owner.access,
      body: { name: "Hook", kind: "webhook", url: HOOK_URL, secret: HOOK_SECRET },
    })
  ).body.data;
});

describe("integration credentials are write-only", () => {
  it("answers Slack and webhook URLs and the webhook secret masked on REST to every role, the creator included", async () => {
    expect(slack.url).toBe("https://hooks.slack.com/…/****CRET");
    expect(hook).toMatchObject({ url: "https://receiver.example.test/…/****rt77", secret: "****4711" });
    const viewToken = await serviceToken(owner, ["cronmonitor.view"]);
    const readers: [string, Record<string, string>][] = [
      [owner.access, {}],
      [viewer.access, org()],
      [viewToken, {}],
    ];
    for (const [token, headers] of readers) {
      const list = await call("GET", "/integrations", { token, headers });
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual([
        expect.objectContaining({ id: slack.id, url: "https://hooks.slack.com/…/****CRET", confirmed: true }),
        expect.objectContaining({ id: hook.id, url: "https://receiver.example.test/…/****rt77", secret: "****4711" }),
      ]);
      expect(secretsIn(list.text)).toEqual([]);
      for (const id of [slack.id, hook.id]) {
        const one = await call("GET", `/integrations/${id}`, { token, headers });
        expect(one.status).toBe(200);
        expect(secretsIn(one.text)).toEqual([]);
      }
    }
    // Stored in full: deliveries need them.
    expect(await stored(slack.id)).toMatchObject({ url: SLACK_URL });
    expect(await stored(hook.id)).toMatchObject({ url: HOOK_URL, secret: HOOK_SECRET });
  });

  it("shows a viewer no credential on the dashboard: tRPC answers and the settings page of the organization chosen in the switcher", async () => {
    const cookie = await dashboardCookie(baseUrl(), viewer.email, viewer.password);
    const headers = { cookie, ...org() }; // the browser's tRPC calls name the organization in X-Org-Slug
    const list = await trpcQuery(baseUrl(), "integrations.list", { page: 1, limit: 20 }, headers);
    expect(list.status).toBe(200);
    expect(list.body.result.data.data.map((i: any) => i.url)).toEqual([
      "https://hooks.slack.com/…/****CRET",
      "https://receiver.example.test/…/****rt77",
    ]);
    const one = await trpcQuery(baseUrl(), "integrations.get", { id: hook.id }, headers);
    expect(one.body.result.data.data.secret).toBe("****4711");
    // The server render reads the org switcher's cookie (src/trpc/server.tsx), as a browser sends it.
    const page = await fetch(`${baseUrl()}/settings`, {
      headers: { cookie: `${cookie}; lifeline_org=${owner.orgSlug}` },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("****CRET"); // the owner's organization's integrations are on the page, masked
    expect(html).toContain("****4711");
    for (const answer of [list.text, one.text, html]) expect(secretsIn(answer)).toEqual([]);
    // A viewer cannot replace them either.
    const refused = await trpcMutation(
      baseUrl(),
      "integrations.update",
      { id: slack.id, url: "https://hooks.slack.com/services/evil" },
      headers,
    );
    expect(refused.status).toBe(403);
    expect((await stored(slack.id))!.url).toBe(SLACK_URL);
  });

  it("keeps a credential on a PATCH without it or with its mask, and refuses to store any other masked value", async () => {
    expect(
      (await call("PATCH", `/integrations/${slack.id}`, { token: owner.access, body: { name: "Slack renamed" } }))
        .status,
    ).toBe(200);
    const roundTrip = await call("PATCH", `/integrations/${hook.id}`, {
      token: owner.access,
      body: { name: "Hook", url: hook.url, secret: hook.secret },
    });
    expect(roundTrip.status).toBe(200);
    expect(await stored(slack.id)).toMatchObject({ url: SLACK_URL, name: "Slack renamed" });
    expect(await stored(hook.id)).toMatchObject({ url: HOOK_URL, secret: HOOK_SECRET });

    const wrongMask = await call("PATCH", `/integrations/${slack.id}`, {
      token: owner.access,
      body: { url: "https://hooks.slack.com/…/****ABCD" },
    });
    expectStandardError(wrongMask, 400, "VALIDATION_ERROR");
    expect(wrongMask.body.error.details).toHaveProperty("url");
    const shortMask = await call("PATCH", `/integrations/${hook.id}`, {
      token: owner.access,
      body: { secret: "****0000" },
    });
    expectStandardError(shortMask, 400, "VALIDATION_ERROR");
    expect(shortMask.body.error.details).toHaveProperty("secret");
    const copied = await call("POST", "/integrations", {
      token: owner.access,
      body: { name: "Copy", kind: "slack", url: slack.url },
    });
    expectStandardError(copied, 400, "VALIDATION_ERROR");
    expect(copied.body.error.details).toHaveProperty("url");
    const both = await call("PATCH", `/integrations/${hook.id}`, {
      token: owner.access,
      body: { secret: "another-secret-of-mine", rotate_secret: true },
    });
    expectStandardError(both, 400, "VALIDATION_ERROR");
    expect(await stored(slack.id)).toMatchObject({ url: SLACK_URL });
    expect(await stored(hook.id)).toMatchObject({ url: HOOK_URL, secret: HOOK_SECRET });
  });

  it("lets an editor replace a credential on both faces; the answer shows the new one masked", async () => {
    const user = await registerUser("replace");
    const created = (
      await call("POST", "/integrations", { token: user.access, body: { name: "S", kind: "slack", url: SLACK_URL } })
    ).body.data;
    const rest = await call("PATCH", `/integrations/${created.id}`, {
      token: user.access,
      body: { url: "https://hooks.slack.com/services/T1/B2/newSecretValue9876" },
    });
    expect(rest.status).toBe(200);
    expect(rest.body.data.url).toBe("https://hooks.slack.com/…/****9876");
    expect((await stored(created.id))!.url).toBe("https://hooks.slack.com/services/T1/B2/newSecretValue9876");

    const cookie = await dashboardCookie(baseUrl(), user.email, user.password);
    const hookCreated = (
      await call("POST", "/integrations", { token: user.access, body: { name: "H", kind: "webhook", url: HOOK_URL } })
    ).body.data;
    const viaTrpc = await trpcMutation(
      baseUrl(),
      "integrations.update",
      { id: hookCreated.id, secret: "dashboard-chosen-secret-1234" },
      { cookie },
    );
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body.result.data.data).toMatchObject({
      secret: "****1234",
      url: "https://receiver.example.test/…/****rt77",
    });
    expect((await stored(hookCreated.id))!.secret).toBe("dashboard-chosen-secret-1234");
  });
});

describe("credentials inside URL fields", () => {
  const NTFY = "https://ntfyuser:NTFYPASSWORD-0815-secret@ntfy.example.com";
  const GOTIFY = "https://gotify.example.com/?token=GOTIFYQUERYSECRET-4711";
  const MATRIX = "https://mxuser:MATRIXPASSWORD-2024-x@matrix.example.com/base?access=MATRIXQUERY-SECRET-1#frag";
  const PD_API = "https://pduser:PAGERDUTYPROXYPASS-99@pd-proxy.example.com/";
  const leaks = (text: string) =>
    [
      "ntfyuser",
      "NTFYPASSWORD",
      "GOTIFYQUERYSECRET",
      "mxuser",
      "MATRIXPASSWORD",
      "MATRIXQUERY",
      "PAGERDUTYPROXYPASS",
    ].filter((s) => text.includes(s));

  it("shows a viewer no user info or query value of any URL field on REST, tRPC and /settings, and keeps them on a PATCH of the masked URL", async () => {
    const create = async (body: Record<string, unknown>) => {
      const res = await call("POST", "/integrations", { token: owner.access, body });
      expect(res.status).toBe(201);
      expect(leaks(res.text)).toEqual([]); // the creator's own answer too
      return res.body.data as Record<string, any>;
    };
    const ntfy = await create({ name: "ntfy", kind: "ntfy", config: { url: NTFY, topic: "alerts" } });
    const gotify = await create({ name: "gotify", kind: "gotify", config: { url: GOTIFY, token: "AbCdEf123456" } });
    const matrix = await create({
      name: "matrix",
      kind: "matrix",
      config: { homeserver_url: MATRIX, room_id: "!room:example.com", access_token: "syt_matrix_access_token_1" },
    });
    await create({
      name: "pagerduty",
      kind: "pagerduty",
      config: { routing_key: "R".repeat(32), api_url: PD_API },
    });
    expect(ntfy.config.url).toBe("https://****@ntfy.example.com");
    expect(gotify.config.url).toBe("https://gotify.example.com/?token=****");
    expect(matrix.config.homeserver_url).toBe("https://****@matrix.example.com/base?access=****#****");

    const rest = [
      await call("GET", "/integrations?limit=100", { token: viewer.access, headers: org() }),
      await call("GET", `/integrations/${ntfy.id}`, { token: viewer.access, headers: org() }),
    ];
    const cookie = await dashboardCookie(baseUrl(), viewer.email, viewer.password);
    const trpc = [
      await trpcQuery(baseUrl(), "integrations.list", { page: 1, limit: 100 }, { cookie, ...org() }),
      await trpcQuery(baseUrl(), "integrations.get", { id: matrix.id }, { cookie, ...org() }),
    ];
    const settings = await fetch(`${baseUrl()}/settings`, {
      headers: { cookie: `${cookie}; lifeline_org=${owner.orgSlug}` },
    });
    expect(settings.status).toBe(200);
    const html = await settings.text();
    expect(html).toContain("ntfy.example.com");
    for (const answer of [...rest, ...trpc]) expect(answer.status).toBe(200);
    for (const text of [...rest.map((r) => r.text), ...trpc.map((r) => r.text), html]) expect(leaks(text)).toEqual([]);

    // Sent back as read, the masked URLs keep the stored ones; a changed URL with a mask in it is refused.
    const back = await call("PATCH", `/integrations/${matrix.id}`, {
      token: owner.access,
      body: { name: "matrix renamed", config: matrix.config },
    });
    expect(back.status).toBe(200);
    const viaTrpc = await trpcMutation(
      baseUrl(),
      "integrations.update",
      { id: ntfy.id, config: { url: ntfy.config.url, topic: "alerts-2" } },
      { cookie: await dashboardCookie(baseUrl(), owner.email, owner.password) },
    );
    expect(viaTrpc.status).toBe(200);
    const configOf = async (id: number) =>
      JSON.parse(
        (await testDb().one<{ config: string }>(`SELECT config FROM integrations WHERE id = ?`, [id]))!.config,
      );
    expect(await configOf(matrix.id)).toMatchObject({
      homeserver_url: MATRIX,
      access_token: "syt_matrix_access_token_1",
    });
    expect(await configOf(ntfy.id)).toEqual({ url: NTFY, topic: "alerts-2" });
    const moved = await call("PATCH", `/integrations/${gotify.id}`, {
      token: owner.access,
      body: { config: { url: "https://gotify.other.example/?token=****" } },
    });
    expectStandardError(moved, 400, "VALIDATION_ERROR");
    expect(moved.body.error.details).toHaveProperty(["config.url"]);
    expect(await configOf(gotify.id)).toMatchObject({ url: GOTIFY });
  });

  it("keeps a URL's credentials out of a failed delivery's record on both faces (and so out of the server's log: the run's audit)", async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const host = new URL(receiver.url).host;
      const created = await call("POST", "/integrations", {
        token: owner.access,
        body: {
          name: "ntfy local",
          kind: "ntfy",
          config: {
            url: `http://ntfyuser:NTFYPASSWORD-loopback-77@${host}/?token=GOTIFYQUERYSECRET-loopback-7`,
            topic: "t",
          },
        },
      });
      expect(created.status).toBe(201);
      const id = created.body.data.id as number;
      const test = await call("POST", `/integrations/${id}/test`, { token: owner.access });
      expect(test.body.data).toMatchObject({ status: "failed", response_status: 500 });
      expect(receiver.received).toHaveLength(1); // the credential was used
      const cookie = await dashboardCookie(baseUrl(), viewer.email, viewer.password);
      const answers = [
        test,
        await call("GET", `/integrations/${id}/deliveries`, { token: viewer.access, headers: org() }),
        await trpcQuery(baseUrl(), "integrations.deliveries", { id, page: 1, limit: 20 }, { cookie, ...org() }),
      ];
      for (const answer of answers) expect(leaks(answer.text)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

describe("delivery history", () => {
  it("shows a viewer an integration's deliveries on both faces without its credentials", async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const local = `${receiver.url}/catch/9081/tok3nPathPart77`;
      const created = await call("POST", "/integrations", {
        token: owner.access,
        body: { name: "Local hook", kind: "webhook", url: local, secret: HOOK_SECRET },
      });
      expect(created.status).toBe(201);
      const id = created.body.data.id as number;
      const test = await call("POST", `/integrations/${id}/test`, { token: owner.access });
      expect(test.body.data).toMatchObject({ status: "failed", response_status: 500, error: "HTTP 500" });
      expect(receiver.received.map((r) => r.path)).toEqual(["/hook/catch/9081/tok3nPathPart77"]); // the credential was used

      const rest = await call("GET", `/integrations/${id}/deliveries`, { token: viewer.access, headers: org() });
      expect(rest.status).toBe(200);
      expect(rest.body.data).toEqual([
        expect.objectContaining({ integration_id: id, event: "test", status: "failed", response_status: 500 }),
      ]);
      const cookie = await dashboardCookie(baseUrl(), viewer.email, viewer.password);
      const viaTrpc = await trpcQuery(
        baseUrl(),
        "integrations.deliveries",
        { id, page: 1, limit: 20 },
        { cookie, ...org() },
      );
      expect(viaTrpc.status).toBe(200);
      expect(viaTrpc.body.result.data.data).toHaveLength(1);
      for (const answer of [rest.text, viaTrpc.text]) {
        expect(secretsIn(answer)).toEqual([]);
        expect(answer).not.toContain(new URL(receiver.url).host); // nothing of the URL at all
      }
    } finally {
      await receiver.close();
    }
  });
});
