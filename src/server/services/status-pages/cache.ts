/**
 * A per-process cache of what public reads answer, one entry per object: a status page (keyed by
 * slug) or a badge (keyed by its key's digest). An entry is served without touching the database for
 * `FRESH_MS` (a badge `BADGE_FRESH_MS`); after that one cheap statement (the object's version stamp) decides whether it still
 * holds, and it is rebuilt when the stamp moved or it is older than `MAX_AGE_MS` (daily bars and uptime
 * figures move with the clock). A write of an organization in this process drops that organization's
 * entries at once (`invalidateOrganizationPages`), and only theirs: another organization's pages and
 * badges stay cached. Concurrent misses of one object share one build.
 */
export const FRESH_MS = 5_000;
/** A badge shows its object's state: its stamp is read again after a second (pings change it). */
export const BADGE_FRESH_MS = 1_000;
export const MAX_AGE_MS = 60_000;

/** `until`: when the answer stops holding whatever the stamp says (a maintenance window starts or ends). */
type Entry<T> = { value: T; stamp: string; orgId: number; builtAt: number; checkedAt: number; until: number | null };

/** What a read answered, and whether it came from the cache (`X-Cache: hit`) or was built (`miss`). */
export type Cached<T> = { value: T; hit: boolean };

/** A version stamp: what changes the object, and the organization it belongs to. */
export type Stamp = { stamp: string; orgId: number };

// On globalThis: `npm start` loads this module twice (the REST front unbundled, Next's bundle), and an
// edit through REST must drop the entry the page routes read.
type State = {
  entries: Map<string, Entry<unknown>>;
  building: Map<string, Promise<Cached<unknown> | null>>;
  /** Per organization: bumped by each invalidation, so a build that began before one is not kept. */
  generations: Map<number, number>;
  gates: Map<string, GateEntry>;
};
type GateEntry = { value: unknown; at: number };
const GLOBAL_KEY = Symbol.for("lifeline.publicReadCache");
const holder = globalThis as unknown as Record<symbol, State | undefined>;
const state: State = (holder[GLOBAL_KEY] ??= {
  entries: new Map(),
  building: new Map(),
  generations: new Map(),
  gates: new Map(),
});
const MAX_ENTRIES = 2_000;

const pageKey = (slug: string) => `page ${slug}`;
const generation = (orgId: number) => state.generations.get(orgId) ?? 0;

export function invalidateStatusPage(slug: string): void {
  state.entries.delete(pageKey(slug));
  state.gates.delete(slug);
}

/**
 * A write of the organization (an incident update, a maintenance window, an edit of anything its
 * pages or badges show): its pages' and badges' entries go, no other organization's.
 */
export function invalidateOrganizationPages(orgId: number): void {
  state.generations.set(orgId, generation(orgId) + 1);
  for (const [key, entry] of state.entries) if (entry.orgId === orgId) state.entries.delete(key);
}

/**
 * A page's access fields (visibility, password hash) by slug, kept `FRESH_MS`: an edit through this
 * process drops them at once; another process sees it within 5 s.
 */
export async function cachedGate<T>(slug: string, now: number, read: () => Promise<T>): Promise<T> {
  const hit = state.gates.get(slug);
  if (hit && now - hit.at < FRESH_MS) return hit.value as T;
  const value = await read();
  if (state.gates.size >= MAX_ENTRIES) state.gates.delete(state.gates.keys().next().value!);
  state.gates.set(slug, { value, at: now });
  return value;
}

/**
 * One object's answer: `stampOf` reads its version stamp (null: the object is gone); `build` computes
 * the answer. Null when the object is gone.
 */
export async function cachedRead<T>(
  key: string,
  now: number,
  stampOf: () => Promise<Stamp | null>,
  build: () => Promise<T>,
  freshMs = FRESH_MS,
  untilOf: (value: T) => number | null = () => null,
): Promise<Cached<T> | null> {
  const hit = state.entries.get(key) as Entry<T> | undefined;
  const holds = (e: Entry<T>) => e.until === null || now < e.until;
  if (hit && now - hit.checkedAt < freshMs && holds(hit)) return { value: hit.value, hit: true };
  const pending = state.building.get(key) as Promise<Cached<T> | null> | undefined;
  if (pending) return pending;
  const work = (async (): Promise<Cached<T> | null> => {
    const stamp = await stampOf();
    if (stamp === null) {
      state.entries.delete(key);
      return null;
    }
    const kept = state.entries.get(key) as Entry<T> | undefined;
    if (kept && kept.stamp === stamp.stamp && now - kept.builtAt < MAX_AGE_MS && holds(kept)) {
      kept.checkedAt = now;
      return { value: kept.value, hit: true };
    }
    const before = generation(stamp.orgId);
    const value = await build();
    // An invalidation of the organization during the build: answer it, keep nothing.
    if (generation(stamp.orgId) === before) {
      if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
      state.entries.set(key, {
        value,
        stamp: stamp.stamp,
        orgId: stamp.orgId,
        builtAt: now,
        checkedAt: now,
        until: untilOf(value),
      });
    }
    return { value, hit: false };
  })();
  state.building.set(key, work);
  try {
    return await work;
  } finally {
    state.building.delete(key);
  }
}

/** A status page's data by slug (see cachedRead). */
export const cachedPage = <T>(
  slug: string,
  now: number,
  stampOf: () => Promise<Stamp | null>,
  build: () => Promise<T>,
  untilOf?: (value: T) => number | null,
): Promise<Cached<T> | null> => cachedRead(pageKey(slug), now, stampOf, build, FRESH_MS, untilOf);

/** A badge's answer by its key's digest (see cachedRead). */
export const cachedBadge = <T>(
  digest: string,
  now: number,
  stampOf: () => Promise<Stamp | null>,
  build: () => Promise<T>,
): Promise<Cached<T> | null> => cachedRead(`badge ${digest}`, now, stampOf, build, BADGE_FRESH_MS);

/** Drops a badge's entry (deleted: revoked at once in this process). */
export function invalidateBadge(digest: string): void {
  state.entries.delete(`badge ${digest}`);
}
