import type { PrismaClient } from "../generated/prisma/client";
import { prisma } from "./storage/engine";

/**
 * The process's Prisma client, on the connections storage/engine.ts opened (on PostgreSQL inside
 * the process's one pool). Prisma fixes the provider when a client is generated, so there is one
 * generated client per database (scripts/db-generate.mjs) from the same models: their APIs are the
 * same, and the rest of the code sees one type.
 */
export const db = (): PrismaClient => prisma();

export type Db = PrismaClient;
