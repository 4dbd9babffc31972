import type { IntegrationKind } from "../../shared/schemas/integrations";

/** How each kind reads in the dashboard, and which target field it takes. */
export const KIND_LOOK: Record<IntegrationKind, { label: string; target: "url" | "email"; targetLabel: string; placeholder: string }> = {
  webhook: { label: "Webhook", target: "url", targetLabel: "URL", placeholder: "https://example.com/hooks/lifeline" },
  slack: { label: "Slack", target: "url", targetLabel: "Incoming-webhook URL", placeholder: "https://hooks.slack.com/services/…" },
  email: { label: "Email", target: "email", targetLabel: "Email address", placeholder: "oncall@example.com" },
};
