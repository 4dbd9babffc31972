import { z } from "zod";
import { storable } from "./schemas/text";

/**
 * Every integration kind's `config` (the one table of kinds: README and
 * docs/api-sweeper-notifications.md list the same). The server's renderer and sender of each kind
 * live in src/server/notify/kinds/; its credentials in integration-secrets.ts.
 */
export const INTEGRATION_KINDS = [
  "webhook", "slack", "email", "discord", "teams", "google_chat", "mattermost", "ntfy", "gotify", "telegram", "pagerduty", "opsgenie",
  "pushover", "matrix",
] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

const httpUrl = (what: string) =>
  z.url({ protocol: /^https?$/, error: "Enter an http:// or https:// URL" }).max(2048, "Use at most 2048 characters").describe(what);
const text = (what: string, max = 256) => z.string().check(storable).trim().min(1, "Enter a value").max(max, `Use at most ${max} characters`).describe(what);
const apiUrl = (host: string) => httpUrl(`The service's API root (default ${host}): a proxy, a regional endpoint or a test receiver`).optional();

/** webhook: `{{monitor.name}}`-style placeholders (docs/api-sweeper-notifications.md). */
export const BODY_TEMPLATE_MAX = 8192;

export const KIND_CONFIG = {
  webhook: z.strictObject({
    url: httpUrl("Where the POST goes (also accepted top-level)").optional(),
    secret: z.string().check(storable).min(16, "Use at least 16 characters").max(256, "Use at most 256 characters").optional().describe("HMAC-SHA256 signing key"),
    body_template: z
      .string()
      .max(BODY_TEMPLATE_MAX, `Use at most ${BODY_TEMPLATE_MAX} characters`)
      .optional()
      .describe("A custom body with {{placeholders}}, JSON-escaped when the template is JSON; the standard JSON payload when omitted"),
  }),
  slack: z.strictObject({ url: httpUrl("The incoming-webhook URL (also accepted top-level)").optional() }),
  email: z.strictObject({ email: z.email("Enter an email address").max(254).optional().describe("The recipient (also accepted top-level)") }),
  discord: z.strictObject({ url: httpUrl("The channel's webhook URL (Server settings → Integrations → Webhooks)") }),
  teams: z.strictObject({ url: httpUrl("The Workflows webhook URL (a “Post to a channel when a webhook request is received” flow)") }),
  google_chat: z.strictObject({ url: httpUrl("The space's incoming-webhook URL (Apps & integrations → Webhooks)") }),
  mattermost: z.strictObject({ url: httpUrl("The incoming-webhook URL (Integrations → Incoming Webhooks)") }),
  ntfy: z.strictObject({
    url: httpUrl("The ntfy server, e.g. https://ntfy.sh"),
    topic: z.string().check(storable).regex(/^[A-Za-z0-9_-]{1,64}$/, "Use 1–64 letters, digits, - or _").describe("The topic"),
    token: text("An access token (sent as Bearer)").optional(),
    priority: z.number().int().min(1).max(5).optional().describe("1 (min) to 5 (max); default 4 for incidents, 3 otherwise"),
  }),
  gotify: z.strictObject({
    url: httpUrl("The Gotify server"),
    token: text("The application token"),
    priority: z.number().int().min(0).max(10).optional().describe("0–10; default 8 for incidents, 4 otherwise"),
  }),
  telegram: z.strictObject({
    bot_token: z.string().check(storable).regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "Enter the token @BotFather gave (digits:letters)").describe("The bot token from @BotFather"),
    chat_id: z.string().check(storable).regex(/^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/, "Enter a numeric chat id or @channelname").describe("The chat, group or @channel"),
    thread_id: z.number().int().positive().optional().describe("A forum topic's message_thread_id"),
    api_url: apiUrl("https://api.telegram.org"),
  }),
  pagerduty: z.strictObject({
    routing_key: z.string().check(storable).regex(/^[A-Za-z0-9]{32}$/, "Enter the 32-character integration key").describe("The Events API v2 integration (routing) key"),
    api_url: apiUrl("https://events.pagerduty.com"),
  }),
  opsgenie: z.strictObject({
    api_key: text("The API integration's key (sent as GenieKey)"),
    region: z.enum(["us", "eu"], "Choose us or eu").default("us").describe("us: api.opsgenie.com; eu: api.eu.opsgenie.com"),
    api_url: apiUrl("by region"),
  }),
  pushover: z.strictObject({
    app_token: z.string().check(storable).regex(/^[A-Za-z0-9]{30}$/, "Enter the 30-character application token").describe("The application's API token"),
    user_key: z.string().check(storable).regex(/^[A-Za-z0-9]{30}$/, "Enter the 30-character user or group key").describe("The user or group key"),
    priority: z.number().int().min(-2).max(1).optional().describe("-2 to 1; default 1 for incidents, 0 otherwise"),
    api_url: apiUrl("https://api.pushover.net"),
  }),
  matrix: z.strictObject({
    homeserver_url: httpUrl("The homeserver, e.g. https://matrix.org"),
    room_id: z.string().check(storable).regex(/^![^:\s]+:\S+$/, "Enter a room id like !abc:example.org").describe("The room id (Room settings → Advanced)"),
    access_token: text("The sending user's access token", 1024),
  }),
} as const satisfies Record<IntegrationKind, z.ZodType>;

export type KindConfig<K extends IntegrationKind> = z.infer<(typeof KIND_CONFIG)[K]>;

/** The kinds that existed before `config`: their url, email and secret stay top-level columns. */
export const LEGACY_KINDS = ["webhook", "slack", "email"] as const;
export const isLegacyKind = (k: string): k is (typeof LEGACY_KINDS)[number] => (LEGACY_KINDS as readonly string[]).includes(k);

/** Config fields holding an http URL whose host the outbound guard checks when saved. */
export const URL_FIELDS = ["url", "api_url", "homeserver_url"] as const;

/** Events an integration may receive (`events`); the default is all but reminders. */
export const NOTIFICATION_EVENTS = ["incident.opened", "incident.resolved", "incident.reminder", "incident.acknowledged", "run.drifted"] as const;
export type RoutedEvent = (typeof NOTIFICATION_EVENTS)[number];
export const DEFAULT_EVENTS: readonly RoutedEvent[] = NOTIFICATION_EVENTS.filter((e) => e !== "incident.reminder");

/**
 * `repeat_minutes`: the interval of `incident.reminder` (docs/limits.md). At most a week, which is
 * well within the outbox's retention, so the latest reminder's row is always still there.
 */
export const REPEAT_MINUTES_MIN = 10;
export const REPEAT_MINUTES_MAX = 10080;

/** Whether an integration with this stored `events` list receives the event (tests always do). */
export function receivesEvent(storedEvents: string | null | undefined, event: string): boolean {
  if (event === "test") return true;
  let events: unknown;
  try {
    events = JSON.parse(storedEvents || "null");
  } catch {
    events = null;
  }
  return ((Array.isArray(events) ? events : DEFAULT_EVENTS) as readonly string[]).includes(event);
}
