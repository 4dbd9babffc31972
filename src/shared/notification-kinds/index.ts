import { discord } from "./discord";
import { email } from "./email";
import { googleChat } from "./google-chat";
import { gotify } from "./gotify";
import type { NotificationKind } from "./kind";
import { matrix } from "./matrix";
import { mattermost } from "./mattermost";
import { ntfy } from "./ntfy";
import { opsgenie } from "./opsgenie";
import { pagerduty } from "./pagerduty";
import { pushover } from "./pushover";
import { slack } from "./slack";
import { teams } from "./teams";
import { telegram } from "./telegram";
import { webhook } from "./webhook";

/**
 * Every notification kind, one file each (the one list): adding a kind is its file here, its entry
 * below and its row in docs/api-sweeper-notifications.md (a unit test holds the three together).
 * The order is the order of the API's enum, the OpenAPI union and the dashboard's kind select.
 */
export const NOTIFICATION_KINDS = [
  webhook,
  slack,
  email,
  discord,
  teams,
  googleChat,
  mattermost,
  ntfy,
  gotify,
  telegram,
  pagerduty,
  opsgenie,
  pushover,
  matrix,
] as const;

export type IntegrationKind = (typeof NOTIFICATION_KINDS)[number]["kind"];
/** A kind of the list, its config seen as any object (read `config` and `render` through it). */
export type AnyKind = NotificationKind<IntegrationKind>;

export const INTEGRATION_KINDS = NOTIFICATION_KINDS.map((k) => k.kind) as [IntegrationKind, ...IntegrationKind[]];

const BY_NAME = new Map<string, AnyKind>(NOTIFICATION_KINDS.map((k) => [k.kind, k as AnyKind]));

export const isIntegrationKind = (name: string): name is IntegrationKind => BY_NAME.has(name);

export function kindOf(name: IntegrationKind): AnyKind {
  return BY_NAME.get(name)!;
}

/** The settings kept as top-level columns (webhook, slack and email: see `columns`). */
export const COLUMNS = ["url", "email", "secret"] as const;
export type Column = (typeof COLUMNS)[number];

/** Whether the kind keeps settings in columns (`url`, `email`, `secret` top-level and in `config`). */
export const isLegacyKind = (name: IntegrationKind): boolean => Boolean(kindOf(name).columns);

/** Whether nothing but a confirmation mail goes to the kind's `email` until its recipient confirms it (email). */
export const confirmsRecipient = (name: string): boolean =>
  isIntegrationKind(name) && kindOf(name).confirmsRecipient === true;
export const CONFIRMING_KINDS: readonly IntegrationKind[] = INTEGRATION_KINDS.filter(confirmsRecipient);

/** The kind's config fields holding an http URL (form input "url"): the outbound guard checks their host when saved. */
export const urlFieldsOf = (name: IntegrationKind): readonly string[] =>
  kindOf(name)
    .form.fields.filter((f) => f.input === "url")
    .map((f) => f.name);
