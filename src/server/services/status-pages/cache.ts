/**
 * A per-process cache of public page data, keyed by slug. An entry is served without touching the
 * database for `FRESH_MS`; after that one cheap statement (the page's version stamp) decides whether
 * it still holds, and it is rebuilt when the stamp moved or it is older than `MAX_AGE_MS` (daily
 * bars and uptime figures move with the clock). Edits in this process drop the entry at once.
 */
export const FRESH_MS = 5_000;
export const MAX_AGE_MS = 60_000;

type Entry<T> = { value: T; stamp: string; builtAt: number; checkedAt: number };

// On globalThis: `npm start` loads this module twice (the REST front unbundled, Next's bundle), and an
// edit through REST must drop the entry the page routes read.
const GLOBAL_KEY = Symbol.for("lifeline.statusPageCache");
const holder = globalThis as unknown as Record<symbol, Map<string, Entry<unknown>> | undefined>;
const entries: Map<string, Entry<unknown>> = (holder[GLOBAL_KEY] ??= new Map());
const MAX_ENTRIES = 1_000;

export function invalidateStatusPage(slug: string): void {
  entries.delete(slug);
  gates().delete(slug);
}

/**
 * A page's access fields (visibility, password hash) by slug, kept `FRESH_MS`: an edit through this
 * process drops them at once; another process sees it within 5 s.
 */
const GATE_KEY = Symbol.for("lifeline.statusPageGates");
type GateEntry = { value: unknown; at: number };
const gateHolder = globalThis as unknown as Record<symbol, Map<string, GateEntry> | undefined>;
const gates = (): Map<string, GateEntry> => (gateHolder[GATE_KEY] ??= new Map());

export async function cachedGate<T>(slug: string, now: number, read: () => Promise<T>): Promise<T> {
  const hit = gates().get(slug);
  if (hit && now - hit.at < FRESH_MS) return hit.value as T;
  const value = await read();
  if (gates().size >= MAX_ENTRIES) gates().delete(gates().keys().next().value!);
  gates().set(slug, { value, at: now });
  return value;
}

/** `stampOf` reads the version stamp (null: the page is gone); `build` computes the data. */
export async function cachedPage<T>(
  slug: string,
  now: number,
  stampOf: () => Promise<string | null>,
  build: (stamp: string) => Promise<T>,
): Promise<T | null> {
  const hit = entries.get(slug) as Entry<T> | undefined;
  if (hit && now - hit.checkedAt < FRESH_MS) return hit.value;
  const stamp = await stampOf();
  if (stamp === null) {
    entries.delete(slug);
    return null;
  }
  if (hit && hit.stamp === stamp && now - hit.builtAt < MAX_AGE_MS) {
    hit.checkedAt = now;
    return hit.value;
  }
  const value = await build(stamp);
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(slug, { value, stamp, builtAt: now, checkedAt: now });
  return value;
}

/** An incident update may show on any page holding the incident's object: drop every entry. */
export function invalidateAllStatusPages(): void {
  entries.clear();
  gates().clear();
}
