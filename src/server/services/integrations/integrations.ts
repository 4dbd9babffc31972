import { writeTransaction } from "../../transactions";
import { lockOrganization } from "../../storage/row-lock";
import { recordDroppedIntegration } from "../accounts/member-edges";
import { AppError, notFound, validationError } from "../../../shared/errors";
import { isMaskOf, MASK, maskSecrets, secretFieldsOf } from "../../../shared/integration-secrets";
import { pageMetaOf } from "../../../shared/schemas/common";
import {
  kindFieldErrors,
  type CreateIntegrationInput,
  type IntegrationKind,
  type IntegrationPatch,
} from "../../../shared/schemas/integrations";
import { isoSeconds } from "../../../shared/time";
import { env } from "../../../env";
import { db } from "../../db";
import { testPayload } from "../../../shared/notifications/payload";
import { consume, refund } from "../../limits/counter";
import { confirmationMailLimits, LIMITS, testDeliveryLimits } from "../../limits/rules";
import { awaitsConfirmation, send } from "../../notify/senders";
import { directDelivery } from "./direct-delivery";
import { requestConfirmation } from "./integration-confirmation";
import { newWebhookSecret } from "../../notify/signature";
import { literalTargetRefusal, outboundPolicy } from "../../outbound/index";
import type { Delivery, Integration, Prisma } from "../../../generated/prisma/client";
import { CONFIRMING_KINDS, confirmsRecipient, isLegacyKind, kindOf } from "../../../shared/notification-kinds/index";
import {
  configView,
  eventsView,
  liftTopLevel,
  parseStoredConfig,
  resolveConfig,
  storedEvents,
} from "./integration-config";

/**
 * The integration as the API shows it, to every role: credentials masked (integration-secrets.ts).
 * `revealSecret`: the webhook secret Lifeline has just generated, shown in full this once.
 */
function view(i: Integration, revealSecret = false) {
  const kind = i.kind as IntegrationKind;
  const masked = maskSecrets(kind, { url: i.url, secret: i.secret });
  return {
    id: i.id,
    name: i.name,
    kind,
    url: masked.url,
    email: i.email,
    confirmed: !awaitsConfirmation({ kind, confirmed_at: i.confirmedAt }),
    is_default: i.isDefault,
    events: eventsView(i.events),
    repeat_minutes: i.repeatMinutes,
    config: configView(kind, i.config),
    failing: i.failingReason ? { reason: i.failingReason, since: isoSeconds(i.failingSince ?? i.updatedAt) } : null,
    ...(i.secret ? { secret: revealSecret ? i.secret : masked.secret! } : {}),
    created_at: isoSeconds(i.createdAt),
    updated_at: isoSeconds(i.updatedAt),
  };
}

function deliveryView(d: Delivery) {
  return {
    id: d.id,
    integration_id: d.integrationId,
    event: d.event as
      | "incident.opened"
      | "incident.resolved"
      | "incident.reminder"
      | "incident.acknowledged"
      | "run.drifted"
      | "maintenance.started"
      | "maintenance.ended"
      | "test"
      | "confirmation",
    event_id: d.outboxId,
    attempt: d.attempt,
    status: d.status as "success" | "failed",
    response_status: d.responseStatus,
    error: d.error,
    duration_ms: d.durationMs,
    created_at: isoSeconds(d.createdAt),
  };
}

function assertKindFields(...args: Parameters<typeof kindFieldErrors>) {
  const errors = kindFieldErrors(...args);
  const url = args[1].url;
  const refusal = url && !errors.url ? literalTargetRefusal(url, outboundPolicy()) : null;
  if (refusal) errors.url = [`The url's host is not allowed (${refusal})`];
  const fields = Object.keys(errors);
  if (fields.length > 0) throw new AppError("VALIDATION_ERROR", errors[fields[0]!]![0]!, errors);
}

async function find(orgId: number, id: number): Promise<Integration> {
  const row = await db().integration.findFirst({ where: { id, orgId } });
  if (!row) throw notFound("Integration");
  return row;
}

export async function listIntegrations(orgId: number, q: { kind?: IntegrationKind; page: number; limit: number }) {
  const where = { orgId, ...(q.kind ? { kind: q.kind } : {}) };
  const [rows, total] = await Promise.all([
    db().integration.findMany({ where, orderBy: { id: "asc" }, skip: (q.page - 1) * q.limit, take: q.limit }),
    db().integration.count({ where }),
  ]);
  return { data: rows.map((r) => view(r)), meta: pageMetaOf(q.page, q.limit, total) };
}

export async function getIntegration(orgId: number, id: number) {
  return view(await find(orgId, id));
}

export async function createIntegration(orgId: number, sent: CreateIntegrationInput) {
  const lifted = liftTopLevel(sent.kind, sent.config, sent);
  const input = { ...sent, ...lifted.top };
  assertKindFields(input.kind, input, true);
  const config = resolveConfig(input.kind, lifted.rest, null);
  withoutKeptSecrets(input.kind, null, input);
  const signed = kindOf(input.kind).columns?.secret === "generated";
  const generated = signed && !input.secret;
  const row = await writeTransaction(async (tx) => {
    if (confirmsRecipient(input.kind)) await assertRoomForUnconfirmed(tx, orgId);
    return tx.integration.create({
      data: {
        orgId,
        name: input.name,
        kind: input.kind,
        url: input.url ?? null,
        email: input.email ?? null,
        secret: signed ? (input.secret ?? newWebhookSecret()) : null,
        isDefault: input.is_default,
        config: JSON.stringify(config),
        ...(input.events ? { events: storedEvents(input.events) } : {}),
        repeatMinutes: input.repeat_minutes ?? null,
      },
    });
  });
  if (!confirmsRecipient(row.kind)) return view(row, generated);
  await consume(confirmationMailLimits(row.id), new Date()); // a new id: counts the first mail, never refuses it
  await requestConfirmation(row.id, row.email!);
  return view(await find(orgId, row.id));
}

/**
 * A credential sent back exactly as the answers mask it keeps the stored one (a client that PATCHes
 * what it read); any other masked-looking value (also on create) is refused rather than stored.
 */
function withoutKeptSecrets<T extends { url?: string; secret?: string }>(
  kind: IntegrationKind,
  stored: Integration | null,
  fields: T,
): T {
  const kept: T = { ...fields };
  if (!isLegacyKind(kind)) return kept; // their credentials are config fields (integration-config.ts)
  for (const field of secretFieldsOf(kind) as readonly ("url" | "secret")[]) {
    const sent = fields[field];
    if (sent === undefined) continue;
    if (stored && isMaskOf(sent, stored[field])) delete kept[field];
    else if (sent.includes(MASK)) {
      throw validationError(
        field,
        `This is a masked value: send the ${field} in full${stored ? ", or leave the field out to keep the stored one" : ""}`,
      );
    }
  }
  return kept;
}

export async function updateIntegration(orgId: number, id: number, sent: IntegrationPatch) {
  const current = await find(orgId, id);
  const lifted = liftTopLevel(current.kind as IntegrationKind, sent.config, sent);
  const patch = { ...sent, ...lifted.top };
  assertKindFields(current.kind as IntegrationKind, patch, false);
  const config = sent.config
    ? resolveConfig(current.kind as IntegrationKind, lifted.rest, parseStoredConfig(current.config))
    : null;
  const p = withoutKeptSecrets(current.kind as IntegrationKind, current, patch);
  const rotate = p.rotate_secret === true;
  // A new address, or the same one still unconfirmed (a new link), is asked again. It is unconfirmed
  // in the same statement that stores it, so no notification reaches it in between.
  const ask =
    confirmsRecipient(current.kind) && p.email !== undefined && (p.email !== current.email || !current.confirmedAt);
  // Its mail is counted before anything is stored: a refused re-send (429) changes nothing.
  const mailLimits = ask ? confirmationMailLimits(current.id) : [];
  await consume(mailLimits, new Date());
  const row = await writeTransaction(async (tx) => {
    if (ask && current.confirmedAt) await assertRoomForUnconfirmed(tx, orgId); // confirmed until now: one more awaits
    return tx.integration.update({
      where: { id: current.id },
      data: {
        ...(p.name !== undefined ? { name: p.name } : {}),
        ...(p.url !== undefined ? { url: p.url } : {}),
        ...(p.email !== undefined ? { email: p.email } : {}),
        ...(p.secret !== undefined ? { secret: p.secret } : {}),
        ...(p.is_default !== undefined ? { isDefault: p.is_default } : {}),
        ...(rotate ? { secret: newWebhookSecret() } : {}),
        ...(ask ? { confirmedAt: null } : {}),
        ...(config ? { config: JSON.stringify(config) } : {}),
        ...(p.events ? { events: storedEvents(p.events) } : {}),
        ...(p.repeat_minutes !== undefined ? { repeatMinutes: p.repeat_minutes } : {}),
        // New settings may well fix a refusing receiver: the next delivery tells.
        ...(config || p.url !== undefined ? { failingReason: null, failingSince: null } : {}),
      },
    });
  }).catch(async (err: unknown) => {
    await refund(mailLimits.map((l) => l.key)); // nothing stored, nothing mailed
    throw err;
  });
  if (!ask) return view(row, rotate);
  await requestConfirmation(row.id, row.email!);
  return view(await find(orgId, row.id));
}

/**
 * At most LIMITS.unconfirmedEmailIntegrations email integrations of an organization await their
 * recipient's confirmation (docs/limits.md): counted under the organization's row lock
 * (storage/row-lock.ts), so parallel creates cannot pass it together.
 */
async function assertRoomForUnconfirmed(tx: Prisma.TransactionClient, orgId: number) {
  await lockOrganization(tx, orgId);
  const waiting = await tx.integration.count({
    where: { orgId, kind: { in: [...CONFIRMING_KINDS] }, confirmedAt: null },
  });
  if (waiting < LIMITS.unconfirmedEmailIntegrations) return;
  throw new AppError(
    "CONFLICT",
    `At most ${LIMITS.unconfirmedEmailIntegrations} email integrations of an organization may await their recipient's confirmation; wait for a confirmation or delete one`,
    {
      email: [`${waiting} email integrations of this organization await confirmation already`],
    },
  );
}

/**
 * Deletes the integration and its delivery history, and drops its id from the organization's
 * monitors, recording it on each (member-edges.ts).
 */
export async function deleteIntegration(orgId: number, id: number) {
  const current = await find(orgId, id);
  await writeTransaction(async (tx) => {
    const monitors = await tx.cronMonitor.findMany({
      where: { orgId, integrationIds: { contains: String(id) } },
      select: { id: true, integrationIds: true },
    });
    const dropped: { id: number; ids: number[] }[] = [];
    for (const m of monitors) {
      const listed = JSON.parse(m.integrationIds) as number[];
      if (listed.includes(id)) dropped.push({ id: m.id, ids: listed.filter((x) => x !== id) });
    }
    for (const m of dropped) {
      await tx.cronMonitor.update({ where: { id: m.id }, data: { integrationIds: JSON.stringify(m.ids) } });
    }
    await recordDroppedIntegration(
      tx,
      orgId,
      id,
      dropped.map((m) => m.id),
      new Date(),
    );
    await tx.integration.delete({ where: { id: current.id } });
  });
}

/** Sends a test notification now (one attempt, recorded like any delivery) and answers the attempt. */
export async function testIntegration(orgId: number, id: number, now = new Date()) {
  const target = await find(orgId, id);
  if (awaitsConfirmation({ kind: target.kind, confirmed_at: target.confirmedAt })) {
    throw new AppError(
      "INTEGRATION_UNCONFIRMED",
      "The recipient has not confirmed this address yet: nothing but the confirmation mail is sent to it",
    );
  }
  await consume(testDeliveryLimits(target.id), now); // 5 per integration per hour (docs/limits.md)
  const config = env();
  const result = await send({ ...target, confirmed_at: target.confirmedAt }, testPayload(now), {
    smtpUrl: config.smtpUrl,
    smtpFrom: config.smtpFrom,
  });
  // One write transaction (its audit entry the last statement, storage/audit-pending.ts).
  const row = await writeTransaction(async (tx) => {
    const delivery = await tx.delivery.create({ data: directDelivery(target.id, "test", result) });
    if (result.ok && target.failingReason)
      await tx.integration.update({ where: { id: target.id }, data: { failingReason: null, failingSince: null } });
    else if (!result.ok && result.permanent)
      await tx.integration.update({
        where: { id: target.id },
        data: { failingReason: result.permanent, failingSince: target.failingSince ?? now },
      });
    return delivery;
  });
  return { ...deliveryView(row), answer: result.answer ?? null };
}

export async function listDeliveries(orgId: number, q: { id: number; page: number; limit: number }) {
  await find(orgId, q.id);
  const where = { integrationId: q.id };
  const [rows, total] = await Promise.all([
    db().delivery.findMany({ where, orderBy: { id: "desc" }, skip: (q.page - 1) * q.limit, take: q.limit }),
    db().delivery.count({ where }),
  ]);
  return { data: rows.map(deliveryView), meta: pageMetaOf(q.page, q.limit, total) };
}
