import type { IntegrationKind } from "../../shared/schemas/integrations";

type Look = {
  label: string;
  target: "url" | "email";
  targetLabel: string;
  replaceLabel: string;
  placeholder: string;
  /** The target travels as `config.url` (the kinds added with `config`). */
  inConfig?: boolean;
  /** Where the user gets the URL. */
  help?: string;
  /** Not yet offered by the dashboard's form (configured through the API). */
  apiOnly?: boolean;
};

const chat = (label: string, placeholder: string, help: string): Look => ({
  label, target: "url", targetLabel: "Webhook URL", replaceLabel: "New webhook URL", placeholder, inConfig: true, help,
});
const api = (label: string): Look => ({ label, target: "url", targetLabel: "URL", replaceLabel: "New URL", placeholder: "", apiOnly: true });

/** How each kind reads in the dashboard, and which target field it takes. */
export const KIND_LOOK: Record<IntegrationKind, Look> = {
  webhook: { label: "Webhook", target: "url", targetLabel: "URL", replaceLabel: "New URL", placeholder: "https://example.com/hooks/lifeline" },
  slack: { label: "Slack", target: "url", targetLabel: "Incoming-webhook URL", replaceLabel: "New incoming-webhook URL", placeholder: "https://hooks.slack.com/services/…" },
  email: { label: "Email", target: "email", targetLabel: "Email address", replaceLabel: "Email address", placeholder: "oncall@example.com" },
  discord: chat("Discord", "https://discord.com/api/webhooks/…", "In Discord: Server settings → Integrations → Webhooks → New webhook → Copy webhook URL."),
  teams: chat("Microsoft Teams", "https://….logic.azure.com/workflows/…", "In Teams: the channel's Workflows → “Post to a channel when a webhook request is received” → copy its URL."),
  google_chat: chat("Google Chat", "https://chat.googleapis.com/v1/spaces/…", "In Google Chat: the space's Apps & integrations → Webhooks → Add webhook → copy its URL."),
  mattermost: chat("Mattermost", "https://mattermost.example.com/hooks/…", "In Mattermost: Integrations → Incoming Webhooks → Add → copy its URL."),
  ntfy: api("ntfy"),
  gotify: api("Gotify"),
  telegram: api("Telegram"),
  pagerduty: api("PagerDuty"),
  opsgenie: api("Opsgenie"),
  pushover: api("Pushover"),
  matrix: api("Matrix"),
};
