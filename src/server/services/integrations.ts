import { writeTransaction } from "../transactions";
import { AppError, notFound } from "../../shared/errors";
import { pageMetaOf } from "../../shared/schemas/common";
import {
  kindFieldErrors, type CreateIntegrationInput, type IntegrationKind, type IntegrationPatch,
} from "../../shared/schemas/integrations";
import { isoSeconds } from "../../shared/time";
import { env } from "../../env";
import { db } from "../db";
import { testPayload } from "../notify/payload";
import { send } from "../notify/senders";
import { newWebhookSecret } from "../notify/signature";
import { literalTargetRefusal, outboundPolicy } from "../outbound";
import type { Delivery, Integration } from "../../generated/prisma/client";

/** The integration as the API shows it; the webhook secret only when `withSecret` (create, rotate). */
function view(i: Integration, withSecret = false) {
  return {
    id: i.id,
    name: i.name,
    kind: i.kind as IntegrationKind,
    url: i.url,
    email: i.email,
    is_default: i.isDefault,
    ...(withSecret && i.secret ? { secret: i.secret } : {}),
    created_at: isoSeconds(i.createdAt),
    updated_at: isoSeconds(i.updatedAt),
  };
}

function deliveryView(d: Delivery) {
  return {
    id: d.id,
    integration_id: d.integrationId,
    event: d.event as "incident.opened" | "incident.resolved" | "run.drifted" | "test",
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

export async function createIntegration(orgId: number, input: CreateIntegrationInput) {
  assertKindFields(input.kind, input, true);
  const row = await db().integration.create({
    data: {
      orgId,
      name: input.name,
      kind: input.kind,
      url: input.url ?? null,
      email: input.email ?? null,
      secret: input.kind === "webhook" ? (input.secret ?? newWebhookSecret()) : null,
      isDefault: input.is_default,
    },
  });
  return view(row, true);
}

export async function updateIntegration(orgId: number, id: number, patch: IntegrationPatch) {
  const current = await find(orgId, id);
  assertKindFields(current.kind as IntegrationKind, patch, false);
  const row = await db().integration.update({
    where: { id: current.id },
    data: {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.email !== undefined ? { email: patch.email } : {}),
      ...(patch.is_default !== undefined ? { isDefault: patch.is_default } : {}),
      ...(patch.rotate_secret ? { secret: newWebhookSecret() } : {}),
    },
  });
  return view(row, patch.rotate_secret === true);
}

/** Deletes the integration and its delivery history, and drops its id from the organization's monitors. */
export async function deleteIntegration(orgId: number, id: number) {
  const current = await find(orgId, id);
  await writeTransaction(async (tx) => {
    const monitors = await tx.cronMonitor.findMany({
      where: { orgId, integrationIds: { contains: String(id) } },
      select: { id: true, integrationIds: true },
    });
    for (const m of monitors) {
      const ids = (JSON.parse(m.integrationIds) as number[]).filter((x) => x !== id);
      await tx.cronMonitor.update({ where: { id: m.id }, data: { integrationIds: JSON.stringify(ids) } });
    }
    await tx.integration.delete({ where: { id: current.id } });
  });
}

/** Sends a test notification now (one attempt, recorded like any delivery) and answers the attempt. */
export async function testIntegration(orgId: number, id: number, now = new Date()) {
  const target = await find(orgId, id);
  const config = env();
  const result = await send(target, testPayload(now), { smtpUrl: config.smtpUrl, smtpFrom: config.smtpFrom });
  const row = await db().delivery.create({
    data: {
      integrationId: target.id,
      outboxId: null,
      event: "test",
      attempt: 1,
      status: result.ok ? "success" : "failed",
      responseStatus: result.responseStatus,
      error: result.error,
      durationMs: result.durationMs,
      createdAt: new Date(),
    },
  });
  return deliveryView(row);
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
