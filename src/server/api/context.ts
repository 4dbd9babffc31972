import crypto from "node:crypto";
import type { AccessMemo } from "../services/accounts/session-access";

/** Where a call came from: the REST interface (bearer only) or the dashboard (next-auth session). */
export type Channel = "rest" | "dashboard";

export type Context = {
  requestId: string;
  channel: Channel;
  headers: Headers;
  /** The dashboard's signed-in session, resolved from the next-auth cookie (dashboard channel only). */
  dashboardSession: { userId: number; sessionId: string } | null;
  /**
   * The input schema of a procedure by path (dashboard channel): its JSON input is checked for the
   * types the schema states before the schema parses it (see strictInput in trpc.ts).
   */
  inputSchemaOf?: (path: string) => unknown;
  /** The request's session reads, shared by its queries (services/accounts/session-access.ts). */
  accessMemo: AccessMemo;
  /** Filled by procedures: the success status and extra headers of the REST answer. */
  response: { status?: number; headers: Record<string, string> };
};

export function createContext(opts: {
  headers: Headers;
  channel: Channel;
  requestId?: string;
  dashboardSession?: { userId: number; sessionId: string } | null;
  inputSchemaOf?: (path: string) => unknown;
}): Context {
  return {
    requestId: opts.requestId ?? crypto.randomUUID(),
    channel: opts.channel,
    headers: opts.headers,
    dashboardSession: opts.dashboardSession ?? null,
    inputSchemaOf: opts.inputSchemaOf,
    accessMemo: new Map(),
    response: { headers: {} },
  };
}
