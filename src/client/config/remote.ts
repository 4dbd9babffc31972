import type { LifelineApi } from "..";
import { toApi, type Ids, type Obj } from "./convert";
import type { Action, State } from "./plan";
import { SECTIONS, SPECS, type Section } from "./sections";

/**
 * The effects of `lifeline export / plan / apply`: what the credentials read and what an applied plan
 * writes, over the REST API only. The organization's sections go through the organization client
 * (a service token), the user's (projects, services) through the user client (a refresh token);
 * with one credential, it is used for everything it may read.
 */
export type Clients = { org?: LifelineApi; user?: LifelineApi };

type Loose = {
  GET(path: string, init?: object): Promise<{ data?: any; error?: any; response: Response }>;
  POST(path: string, init?: object): Promise<{ data?: any; error?: any; response: Response }>;
  PATCH(path: string, init?: object): Promise<{ data?: any; error?: any; response: Response }>;
  DELETE(path: string, init?: object): Promise<{ data?: any; error?: any; response: Response }>;
};

/**
 * The user's sections go through the user client; the organization's through the organization
 * client, except an object that names services (users' objects, which a service token may not
 * name): the user's credentials write it when given.
 */
function clientFor(section: Section | "probes", clients: Clients, doc?: Obj): Loose | undefined {
  const owner = section === "probes" ? "org" : SPECS[section].owner;
  if (owner === "user" || (doc && clients.user && namesServices(doc))) return clients.user as Loose | undefined;
  return (clients.org ?? clients.user) as Loose | undefined;
}

function namesServices(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(namesServices);
  if (!value || typeof value !== "object") return false;
  return Object.entries(value as Obj).some(
    ([k, v]) =>
      ((k === "service" || k === "services") && v != null && !(Array.isArray(v) && v.length === 0)) || namesServices(v),
  );
}

const PAGED = new Set<string>(["/cron-monitors", "/services", "/integrations"]);

/** Every object the credentials may read, section by section (a section refused is left out). */
export async function readRemote(clients: Clients): Promise<{ state: State; errors: string[] }> {
  const state: State = {};
  const errors: string[] = [];
  for (const section of [...SECTIONS, "probes" as const]) {
    const client = clientFor(section, clients);
    if (!client) continue;
    const path = section === "probes" ? "/probes" : SPECS[section].path;
    const all: Obj[] = [];
    for (let page = 1; ; page++) {
      const query = PAGED.has(path) ? { page, limit: 100 } : undefined;
      const res = await client.GET(path, query ? { params: { query } } : {});
      if (!res.response.ok) {
        if (section !== "probes") errors.push(`${section}: not readable (${describe(res)})`);
        break;
      }
      all.push(...(res.data.data as Obj[]));
      if (!query || (res.data.data as Obj[]).length < 100) {
        state[section] = all;
        break;
      }
    }
  }
  return { state, errors };
}

/**
 * Carries out a plan in dependency order: creates and changes section by section (fields that name
 * objects of their own section, `depends_on`, once every object exists), then deletes in reverse.
 * A refusal (a token without the rights for an object) is reported for that object and the rest goes on.
 */
export async function applyPlan(
  actions: Action[],
  state: State,
  clients: Clients,
  env: Record<string, string | undefined>,
  log: (line: string) => void,
): Promise<{ errors: string[] }> {
  const errors: string[] = [];
  const ids: Ids = new Map();
  for (const p of state.probes ?? [])
    (ids.get("probes") ?? ids.set("probes", new Map()).get("probes")!).set(p.name as string, p.id as number);
  for (const a of actions)
    if (a.op !== "create") (ids.get(a.section) ?? ids.set(a.section, new Map()).get(a.section)!).set(a.key, a.id);
  // Objects the plan leaves alone keep their ids for references.
  const known = knownIds(state);
  for (const [s, m] of known) for (const [k, id] of m) (ids.get(s) ?? ids.set(s, new Map()).get(s)!).set(k, id);

  const send = async (a: Action, method: "POST" | "PATCH" | "DELETE", fields: Obj | null, id?: number) => {
    const spec = SPECS[a.section];
    const client = clientFor(a.section, clients, a.op === "delete" ? undefined : a.doc);
    const noun = `${spec.noun} ${JSON.stringify(a.key)}`;
    if (!client) return void errors.push(`${noun}: no credential for ${a.section}`);
    const problems: string[] = [];
    const body = fields ? toApi(fields, ids, env, problems) : undefined;
    if (problems.length) return void errors.push(`${noun}: ${problems.join("; ")}`);
    const path = id === undefined ? spec.path : `${spec.path}/${id}`;
    const res = await client[method](path, body ? { body } : {});
    if (!res.response.ok) return void errors.push(`${noun}: refused (${describe(res)})`);
    return res.data?.data as Obj | undefined;
  };

  const deferredLater: { a: Action; id: number; fields: Obj }[] = [];
  for (const a of actions) {
    if (a.op === "delete") continue;
    const spec = SPECS[a.section];
    const now = Object.fromEntries(Object.entries(a.doc).filter(([f]) => !spec.deferred.includes(f)));
    const later = Object.fromEntries(Object.entries(a.doc).filter(([f]) => spec.deferred.includes(f)));
    if (a.op === "create" || spec.replaceOnly) {
      if (a.op === "update") {
        const before = errors.length;
        await send(a, "DELETE", null, a.id);
        if (errors.length > before) continue; // the old one stays: no second one made
      }
      const made = await send(a, "POST", now);
      if (!made) continue;
      ids.get(a.section)?.set(a.key, made.id as number) ?? ids.set(a.section, new Map([[a.key, made.id as number]]));
      log(`${a.op === "create" ? "created" : "replaced"} ${spec.noun} ${JSON.stringify(a.key)}`);
      if (Object.keys(later).length) deferredLater.push({ a, id: made.id as number, fields: later });
      continue;
    }
    const changed = Object.fromEntries(
      a.changes.filter((c) => !spec.deferred.includes(c.field)).map((c) => [c.field, a.doc[c.field]]),
    );
    const changedLater = Object.fromEntries(
      a.changes.filter((c) => spec.deferred.includes(c.field)).map((c) => [c.field, a.doc[c.field]]),
    );
    if (Object.keys(changed).length && !(await send(a, "PATCH", changed, a.id))) continue;
    if (Object.keys(changed).length)
      log(`changed ${spec.noun} ${JSON.stringify(a.key)}: ${Object.keys(changed).join(", ")}`);
    if (Object.keys(changedLater).length) deferredLater.push({ a, id: a.id, fields: changedLater });
  }
  for (const { a, id, fields } of deferredLater) {
    if (await send(a, "PATCH", fields, id))
      log(`set ${Object.keys(fields).join(", ")} of ${SPECS[a.section].noun} ${JSON.stringify(a.key)}`);
  }
  for (const a of actions) {
    if (a.op !== "delete") continue;
    const before = errors.length;
    await send(a, "DELETE", null, a.id);
    if (errors.length === before) log(`deleted ${SPECS[a.section].noun} ${JSON.stringify(a.key)}`);
  }
  return { errors };
}

function knownIds(state: State): Ids {
  const ids: Ids = new Map();
  for (const section of SECTIONS) {
    const key = SPECS[section].key;
    if (typeof key !== "string") continue;
    ids.set(section, new Map((state[section] ?? []).map((o) => [String(o[key]), o.id as number])));
  }
  return ids;
}

function describe(res: { error?: any; response: Response }): string {
  const e = res.error?.error;
  const message = typeof e === "string" ? e : (e?.message ?? res.response.statusText);
  const details = e?.details ? ` ${JSON.stringify(e.details)}` : "";
  return `${res.response.status} ${message}${details}`;
}
