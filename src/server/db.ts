import type { PrismaClient } from "../generated/prisma/client";
import { prisma } from "./storage/engine";
import { auditedPrisma } from "./storage/audit-pending";

const audited = new WeakMap<PrismaClient, PrismaClient>();

/**
 * The process's Prisma client, on the connections storage/engine.ts opened (on PostgreSQL inside
 * the process's one pool). Prisma fixes the provider when a client is generated, so there is one
 * generated client per database (scripts/db-generate.mjs) from the same models: their APIs are the
 * same, and the rest of the code sees one type. Its writes carry the request's audit entry
 * (storage/audit-pending.ts).
 */
export const db = (): PrismaClient => {
  const base = prisma();
  let client = audited.get(base);
  if (!client) audited.set(base, (client = auditedPrisma(base)));
  return client;
};

export type Db = PrismaClient;
