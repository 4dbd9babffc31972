import { z } from "zod";
import { AppError } from "../../../shared/errors";
import { DEFAULT_EVENTS, NOTIFICATION_EVENTS, type RoutedEvent } from "../../../shared/integration-events";
import {
  COLUMNS,
  isLegacyKind,
  kindOf,
  urlFieldsOf,
  type Column,
  type IntegrationKind,
} from "../../../shared/notification-kinds/index";
import {
  isMaskOf,
  isUrlMaskOf,
  MASK,
  maskSecrets,
  secretFieldsOf,
  urlCredentialFieldsOf,
} from "../../../shared/integration-secrets";
import { literalTargetRefusal, outboundPolicy } from "../../outbound/index";

/** webhook, slack and email: the `config` fields that are top-level columns. */
type TopLevel = Partial<Record<Column, string>>;

export function parseStoredConfig(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The config as answers show it: credentials masked. */
export function configView(kind: IntegrationKind, stored: string): Record<string, unknown> {
  return maskSecrets(kind, parseStoredConfig(stored));
}

function refuse(errors: Record<string, string[]>): never {
  const first = Object.keys(errors)[0]!;
  throw new AppError("VALIDATION_ERROR", errors[first]![0]!, errors);
}

/**
 * Splits a sent `config` of webhook, slack or email into the top-level fields it carries (which the
 * caller merges, refusing a conflict with the same field sent top-level) and the rest.
 */
export function liftTopLevel(
  kind: IntegrationKind,
  config: Record<string, unknown> | undefined,
  top: TopLevel,
): { top: TopLevel; rest: Record<string, unknown> } {
  if (!config || !isLegacyKind(kind)) return { top: {}, rest: config ?? {} };
  const lifted: TopLevel = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if ((COLUMNS as readonly string[]).includes(key)) {
      const k = key as keyof TopLevel;
      if (top[k] !== undefined && top[k] !== value)
        refuse({ [`config.${key}`]: [`Send ${key} either top-level or in config, not both`] });
      if (value !== undefined) lifted[k] = value as string;
    } else rest[key] = value;
  }
  return { top: lifted, rest };
}

/**
 * The config to store: `sent` merged over `stored` (a PATCH; `null` removes an optional field), a
 * credential (or a URL with its credentials) sent back masked keeps the stored one, the result validated by the kind's schema
 * (errors keyed `config.<field>`), and every URL's literal host checked by the outbound guard.
 */
export function resolveConfig(
  kind: IntegrationKind,
  sent: Record<string, unknown>,
  stored: Record<string, unknown> | null,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(stored ?? {}) };
  for (const [key, value] of Object.entries(sent)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  const masks: [string, (sent: string, kept: string) => boolean][] = [
    ...secretFieldsOf(kind).map((f) => [f, isMaskOf] as [string, typeof isMaskOf]),
    ...urlCredentialFieldsOf(kind).map((f) => [f, isUrlMaskOf] as [string, typeof isUrlMaskOf]),
  ];
  for (const [field, isMask] of masks) {
    const value = sent[field];
    if (typeof value !== "string") continue;
    const kept = stored?.[field];
    if (typeof kept === "string" && isMask(value, kept)) merged[field] = kept;
    else if (value.includes(MASK)) {
      refuse({
        [`config.${field}`]: [
          `This is a masked value: send the ${field} in full${stored ? ", or leave the field out to keep the stored one" : ""}`,
        ],
      });
    }
  }
  const ownSchema = kindOf(kind).config;
  const schema = isLegacyKind(kind)
    ? z.strictObject(
        Object.fromEntries(
          Object.entries(ownSchema.shape).filter(([k]) => !(COLUMNS as readonly string[]).includes(k)),
        ),
      )
    : ownSchema;
  const parsed = schema.safeParse(merged);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const missing =
        issue.code === "invalid_type" && issue.path.length === 1 && merged[String(issue.path[0])] === undefined;
      const message = missing ? `A ${kind} integration needs config.${String(issue.path[0])}` : issue.message;
      (errors[["config", ...issue.path.map(String)].join(".")] ??= []).push(message);
    }
    refuse(errors);
  }
  const config = parsed.data as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  for (const field of urlFieldsOf(kind)) {
    const url = config[field];
    const refusal = typeof url === "string" ? literalTargetRefusal(url, outboundPolicy()) : null;
    if (refusal) errors[`config.${field}`] = [`The URL's host is not allowed (${refusal})`];
  }
  if (Object.keys(errors).length > 0) refuse(errors);
  return config;
}

/** The stored `events` list: each once, in the canonical order. */
export function storedEvents(events: readonly RoutedEvent[]): string {
  return JSON.stringify(NOTIFICATION_EVENTS.filter((e) => events.includes(e)));
}

export function eventsView(stored: string): RoutedEvent[] {
  try {
    const v: unknown = JSON.parse(stored);
    if (Array.isArray(v)) return NOTIFICATION_EVENTS.filter((e) => v.includes(e));
  } catch {
    // fall through to the default
  }
  return [...DEFAULT_EVENTS];
}
