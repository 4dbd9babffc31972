import type { IntegrationKind } from "../../../shared/integration-kinds";
import { discord } from "./discord";
import { gotify } from "./gotify";
import { googleChat } from "./google-chat";
import { matrix } from "./matrix";
import { mattermost } from "./mattermost";
import { ntfy } from "./ntfy";
import { opsgenie } from "./opsgenie";
import { pagerduty } from "./pagerduty";
import { pushover } from "./pushover";
import { telegram } from "./telegram";
import { teams } from "./teams";
import type { KindSender } from "./types";

/**
 * The kinds rendered from the message model and sent by one generic sender. Slack and email render the
 * same model too (kinds/slack.ts, kinds/email.ts) but keep their senders in senders.ts; the webhook sends
 * the payload itself (or its body_template).
 */
export const KIND_SENDERS: { [K in IntegrationKind]?: KindSender<K> } = {
  discord, teams, google_chat: googleChat, mattermost, ntfy, gotify, telegram, pagerduty, opsgenie, pushover, matrix,
};

/** The common permanent refusals: the receiver is gone or the credential is not accepted. */
export function permanentRefusal(kind: IntegrationKind, status: number, body: string): string | null {
  const own = KIND_SENDERS[kind]?.permanentRefusal?.(status, body) as string | null | undefined;
  if (own) return `HTTP ${status}: ${own}`;
  if (status === 401 || status === 403 || status === 404 || status === 410) return `HTTP ${status}`;
  return null;
}
