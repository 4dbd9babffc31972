import { AsyncLocalStorage } from "node:async_hooks";
import { env } from "../../env";
import { resolveClientAddress } from "../domain/client-address";

/**
 * The client address that per-address limits key on. The socket's peer is known only to the
 * node:http front (`npm start`, scripts/web-server.ts), which runs every request inside `withPeer`;
 * the REST handler and Next's routes (sign-in, tRPC) read it here. The store lives on globalThis
 * because the front and Next's bundle load this module separately. Under `next start` alone there
 * is no peer and so no address (per-address limits then do not apply; per-account ones do).
 */
const holder = globalThis as unknown as { lifelinePeer?: AsyncLocalStorage<string | null> };
const peers = () => (holder.lifelinePeer ??= new AsyncLocalStorage<string | null>());

export function withPeer<T>(peer: string | null | undefined, work: () => T): T {
  return peers().run(peer ?? null, work);
}

/** The client's address for a request's headers, per TRUST_PROXY (see domain/client-address.ts). */
export function clientAddress(headers: Headers | Record<string, string | string[] | undefined>): string | null {
  const raw = headers instanceof Headers ? headers.get("x-forwarded-for") : headers["x-forwarded-for"];
  const forwardedFor = Array.isArray(raw) ? raw.join(",") : (raw ?? null);
  return resolveClientAddress(peers().getStore() ?? null, forwardedFor, env().trustProxy);
}
