import type { IntegrationKind } from "../../shared/schemas/integrations";

/**
 * One settings field of a kind's form (the fields of KIND_CONFIG in src/shared/integration-kinds.ts).
 * Whether it is a credential (write-only: edited by replacing) comes from integration-secrets.ts.
 */
export type KindField = {
  name: string;
  label: string;
  input: "url" | "text" | "email" | "number" | "select" | "textarea";
  required?: boolean;
  /** webhook, slack and email: travels top-level (`url`, `email`, `secret`), not in `config`. */
  top?: boolean;
  help?: string;
  placeholder?: string;
  options?: readonly { value: string; label: string }[];
  min?: number;
  max?: number;
};

type Look = {
  label: string;
  fields: readonly KindField[];
  /** The service's own page that tells where to get the URL or key. */
  docs?: { href: string; text: string };
  /** The config fields the integration's row shows (credentials show masked). */
  summary?: readonly string[];
};

const apiUrl = (host: string): KindField => ({
  name: "api_url", label: "API URL (optional)", input: "url", placeholder: host,
  help: `Leave empty for ${host}. Set it for a proxy, a regional endpoint or a test receiver.`,
});
const webhookUrl = (placeholder: string, help: string, top = false): KindField => ({
  name: "url", label: top ? "Incoming-webhook URL" : "Webhook URL", input: "url", required: true, top, placeholder, help,
});
const chat = (label: string, placeholder: string, help: string, docs: Look["docs"]): Look => ({ label, fields: [webhookUrl(placeholder, help)], docs, summary: ["url"] });

/** How each kind reads in the dashboard: its form's fields, help, and where to get its URL or key. */
export const KIND_LOOK: Record<IntegrationKind, Look> = {
  webhook: {
    label: "Webhook",
    fields: [
      { name: "url", label: "URL", input: "url", required: true, top: true, placeholder: "https://example.com/hooks/lifeline", help: "Where each notification is POSTed as JSON." },
      { name: "secret", label: "Signing secret (optional)", input: "text", top: true, help: "16–256 characters. Leave empty and Lifeline generates one, shown once after saving. Each POST carries X-Signature: sha256=HMAC of the body." },
      { name: "body_template", label: "Body template (optional)", input: "textarea", placeholder: '{"text": "{{monitor.name}}: {{incident.reason}}"}', help: "A custom body with placeholders such as {{monitor.name}}, {{incident.reason}}, {{event}}; JSON-escaped when it starts with { or [. Empty: the standard JSON payload." },
    ],
    summary: [],
  },
  slack: {
    label: "Slack",
    fields: [webhookUrl("https://hooks.slack.com/services/…", "In Slack: create an app, turn on Incoming Webhooks, add one to the channel and copy its URL.", true)],
    docs: { href: "https://api.slack.com/messaging/webhooks", text: "Slack: sending messages using incoming webhooks" },
  },
  email: {
    label: "Email",
    fields: [{ name: "email", label: "Email address", input: "email", required: true, top: true, placeholder: "oncall@example.com", help: "A confirmation mail goes to a new address; nothing else is sent until its recipient confirms." }],
  },
  discord: chat("Discord", "https://discord.com/api/webhooks/…", "In Discord: Server settings → Integrations → Webhooks → New webhook → Copy webhook URL.", {
    href: "https://support.discord.com/hc/en-us/articles/228383668-Intro-to-Webhooks", text: "Discord: intro to webhooks",
  }),
  teams: chat("Microsoft Teams", "https://….logic.azure.com/workflows/…", "In Teams: the channel's Workflows → “Post to a channel when a webhook request is received” → copy its URL.", {
    href: "https://support.microsoft.com/en-us/office/create-incoming-webhooks-with-workflows-for-microsoft-teams-8ae491c7-0394-4861-ba59-055e33f75498",
    text: "Microsoft: create incoming webhooks with Workflows for Teams",
  }),
  google_chat: chat("Google Chat", "https://chat.googleapis.com/v1/spaces/…", "In Google Chat: the space's Apps & integrations → Webhooks → Add webhook → copy its URL.", {
    href: "https://developers.google.com/workspace/chat/quickstart/webhooks", text: "Google: send messages to Google Chat with incoming webhooks",
  }),
  mattermost: chat("Mattermost", "https://mattermost.example.com/hooks/…", "In Mattermost: Integrations → Incoming Webhooks → Add → copy its URL.", {
    href: "https://developers.mattermost.com/integrate/webhooks/incoming/", text: "Mattermost: incoming webhooks",
  }),
  ntfy: {
    label: "ntfy",
    fields: [
      { name: "url", label: "Server URL", input: "url", required: true, placeholder: "https://ntfy.sh", help: "The ntfy server: https://ntfy.sh or your own." },
      { name: "topic", label: "Topic", input: "text", required: true, placeholder: "lifeline-alerts", help: "1–64 letters, digits, - or _. Subscribe to it in the ntfy app." },
      { name: "token", label: "Access token (optional)", input: "text", placeholder: "tk_…", help: "For a protected topic: an access token, sent as Bearer." },
      { name: "priority", label: "Priority (optional)", input: "number", min: 1, max: 5, help: "1 (min) to 5 (max). Empty: 4 for incidents, 3 otherwise." },
    ],
    docs: { href: "https://docs.ntfy.sh/publish/", text: "ntfy: publishing and access tokens" },
    summary: ["url", "topic"],
  },
  gotify: {
    label: "Gotify",
    fields: [
      { name: "url", label: "Server URL", input: "url", required: true, placeholder: "https://gotify.example.com", help: "Your Gotify server." },
      { name: "token", label: "Application token", input: "text", required: true, help: "In Gotify: Apps → Create application → its token." },
      { name: "priority", label: "Priority (optional)", input: "number", min: 0, max: 10, help: "0–10. Empty: 8 for incidents, 4 otherwise." },
    ],
    docs: { href: "https://gotify.net/docs/pushmsg", text: "Gotify: push messages" },
    summary: ["url"],
  },
  telegram: {
    label: "Telegram",
    fields: [
      { name: "bot_token", label: "Bot token", input: "text", required: true, placeholder: "123456:ABC…", help: "Message @BotFather, send /newbot and copy the token it gives (digits:letters)." },
      { name: "chat_id", label: "Chat id", input: "text", required: true, placeholder: "-1001234567890 or @channel", help: "The numeric id of the chat or group (add the bot to it first), or @channelname." },
      { name: "thread_id", label: "Topic thread id (optional)", input: "number", min: 1, help: "A forum topic's message_thread_id; empty for the main chat." },
      apiUrl("https://api.telegram.org"),
    ],
    docs: { href: "https://core.telegram.org/bots/features#botfather", text: "Telegram: creating a bot with BotFather" },
    summary: ["chat_id"],
  },
  pagerduty: {
    label: "PagerDuty",
    fields: [
      { name: "routing_key", label: "Integration key", input: "text", required: true, help: "32 characters: a service's Integrations → Add → Events API v2 → Integration Key." },
      apiUrl("https://events.pagerduty.com"),
    ],
    docs: { href: "https://support.pagerduty.com/main/docs/services-and-integrations", text: "PagerDuty: services and integrations" },
    summary: ["routing_key"],
  },
  opsgenie: {
    label: "Opsgenie",
    fields: [
      { name: "api_key", label: "API key", input: "text", required: true, help: "A team's Integrations → Add integration → API → its API key." },
      { name: "region", label: "Region", input: "select", options: [{ value: "us", label: "US (api.opsgenie.com)" }, { value: "eu", label: "EU (api.eu.opsgenie.com)" }], help: "Where your Opsgenie account lives." },
      apiUrl("the region's host"),
    ],
    docs: { href: "https://support.atlassian.com/opsgenie/docs/create-a-default-api-integration/", text: "Opsgenie: create an API integration" },
    summary: ["region"],
  },
  pushover: {
    label: "Pushover",
    fields: [
      { name: "app_token", label: "Application token", input: "text", required: true, help: "30 characters: Pushover → Create an Application/API Token." },
      { name: "user_key", label: "User or group key", input: "text", required: true, help: "30 characters: shown on your Pushover dashboard (or a group's key)." },
      { name: "priority", label: "Priority (optional)", input: "number", min: -2, max: 1, help: "-2 to 1. Empty: 1 for incidents, 0 otherwise." },
      apiUrl("https://api.pushover.net"),
    ],
    docs: { href: "https://pushover.net/api", text: "Pushover: API, application tokens and user keys" },
    summary: ["user_key"],
  },
  matrix: {
    label: "Matrix",
    fields: [
      { name: "homeserver_url", label: "Homeserver URL", input: "url", required: true, placeholder: "https://matrix.org", help: "The homeserver of the sending user." },
      { name: "room_id", label: "Room id", input: "text", required: true, placeholder: "!abc:example.org", help: "Room settings → Advanced → Internal room id. Invite the sending user first." },
      { name: "access_token", label: "Access token", input: "text", required: true, help: "The sending user's access token (in Element: Settings → Help & About → Access token)." },
    ],
    docs: { href: "https://spec.matrix.org/latest/client-server-api/#using-access-tokens", text: "Matrix: access tokens" },
    summary: ["homeserver_url", "room_id"],
  },
};

/** Events in words (the events picker and the delivery log). */
export const EVENT_LABEL: Record<string, string> = {
  "incident.opened": "Incident opened",
  "incident.resolved": "Incident resolved",
  "incident.reminder": "Reminder while open",
  "incident.acknowledged": "Incident acknowledged",
  "run.drifted": "Run drifted",
  test: "Test",
  confirmation: "Confirmation mail",
};
