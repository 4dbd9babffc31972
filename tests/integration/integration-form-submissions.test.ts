import { describe, expect, it } from "vitest";
import { initialValues, kindSubmission } from "../../src/components/integrations/config-values";
import { dashboardCookie, trpcMutation } from "../support/dashboard";
import { baseUrl, call, expectStandardError, registerUser } from "../support/http";

const BOT_TOKEN = "123456:AAbbCCddEEffGGhhIIjjKKll";

// What the dashboard's integration form submits (config-values.ts), sent to the real server on the
// dashboard's tRPC face, and read back on REST.
describe("the dashboard's integration form against the server", () => {
  it("saves a Telegram edit: a rename sends nothing of the config, an emptied thread id is removed, the bot token stays", async () => {
    const user = await registerUser("form-telegram");
    const created = await call("POST", "/integrations", {
      token: user.access,
      body: {
        name: "Ops Telegram",
        kind: "telegram",
        config: { bot_token: BOT_TOKEN, chat_id: "@ops_room", thread_id: 5 },
      },
    });
    expect(created.status).toBe(201);
    const stored = created.body.data;
    const cookie = await dashboardCookie(baseUrl(), user.email, user.password);
    const base = { id: stored.id, is_default: false, events: ["incident.opened", "incident.resolved"] };

    const unchanged = kindSubmission("telegram", initialValues("telegram", stored), stored);
    expect(unchanged).toEqual({});
    const renamed = await trpcMutation(
      baseUrl(),
      "integrations.update",
      { ...base, name: "Night Telegram", ...unchanged },
      { cookie },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.result.data.data).toMatchObject({
      name: "Night Telegram",
      events: ["incident.opened", "incident.resolved"],
      config: stored.config,
    });

    const cleared = kindSubmission("telegram", { ...initialValues("telegram", stored), thread_id: "" }, stored);
    expect(
      (
        await trpcMutation(
          baseUrl(),
          "integrations.update",
          { ...base, name: "Night Telegram", ...cleared },
          { cookie },
        )
      ).status,
    ).toBe(200);
    const read = (await call("GET", `/integrations/${stored.id}`, { token: user.access })).body.data;
    expect(read.config).toEqual({ bot_token: stored.config.bot_token, chat_id: "@ops_room" });
    expect(read.config.bot_token).toMatch(/^\*\*\*\*/);

    // What the old form sent for such a kind, and why a rename could not be saved.
    const withUrl = await trpcMutation(
      baseUrl(),
      "integrations.update",
      { ...base, name: "x", url: "https://example.com/" },
      { cookie },
    );
    expect(withUrl.status).toBe(400);
    expect(withUrl.body.error.data.details.url[0]).toContain("takes no url");
  });

  it("refuses a bad setting from the form with its error keyed config.<field>, on the dashboard's face and on REST", async () => {
    const user = await registerUser("form-errors");
    const cookie = await dashboardCookie(baseUrl(), user.email, user.password);
    const sent = kindSubmission("pushover", {
      ...initialValues("pushover"),
      app_token: "short",
      user_key: "u".repeat(30),
      priority: "3",
    });
    expect(sent).toEqual({ config: { app_token: "short", user_key: "u".repeat(30), priority: 3 } });
    const body = { name: "Phones", kind: "pushover", is_default: false, events: ["incident.opened"], ...sent };

    const dashboard = await trpcMutation(baseUrl(), "integrations.create", body, { cookie });
    expect(dashboard.status).toBe(400);
    expect(Object.keys(dashboard.body.error.data.details).sort()).toEqual(["config.app_token", "config.priority"]);
    const rest = await call("POST", "/integrations", { token: user.access, body });
    expectStandardError(rest, 400, "VALIDATION_ERROR");
    expect(Object.keys(rest.body.error.details).sort()).toEqual(["config.app_token", "config.priority"]);
    expect((await call("GET", "/integrations", { token: user.access })).body.data).toEqual([]);
  });
});
