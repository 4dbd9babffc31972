import { parseSchedule } from "../../shared/schedule";
import {
  compact,
  readAsInput,
  referenceOf,
  sameValue,
  toApi,
  toDocument,
  type Ids,
  type Names,
  type Obj,
} from "./convert";
import { docFields, keyOf, SECTIONS, SPECS, type Section, type SectionSpec } from "./sections";

/**
 * Export, validation and the plan of a document against what a Lifeline holds: pure functions of
 * the objects read (the API's answers), the document and the environment (docs/config-as-code.md).
 */

/** What the credentials could read: the answers per section; a section missing was not readable. */
export type State = Partial<Record<Section, Obj[]>> & { probes?: Obj[] };

export type Change = { field: string; from: unknown; to: unknown };
export type Action =
  | { op: "create"; section: Section; key: string; doc: Obj }
  | { op: "update"; section: Section; key: string; id: number; doc: Obj; changes: Change[] }
  | { op: "delete"; section: Section; key: string; id: number };

export type Plan = { errors: string[]; actions: Action[] };

/** Fields that go together: when the document gives one, the others it leaves out are null (on a change). */
const TOGETHER: Partial<Record<Section, string[][]>> = {
  cron_monitors: [["schedule_kind", "period_seconds", "cron_expression"]],
  maintenance_windows: [["starts_at", "ends_at", "schedule", "timezone", "duration_minutes"]],
};

/** Objects a source keeps in sync (the Kubernetes agent's monitors) are not the document's. */
const managed = (read: Obj) => read.managed === true;

type Current = { id: number; key: string; doc: Obj; masked: Obj };

/** Every readable object in document form, by section and key; names of ids for references. */
function readState(state: State, problems: string[]) {
  const names: Names = new Map();
  const ids: Ids = new Map();
  const bySection = new Map<Section, Map<string, Current>>();
  const probeNames = new Map<number, string>();
  for (const p of state.probes ?? []) probeNames.set(p.id as number, p.name as string);
  names.set("probes", probeNames);
  ids.set("probes", new Map([...probeNames].map(([id, n]) => [n, id])));
  // Every section's names first: objects name objects of any section (badges are named by their target).
  for (const section of SECTIONS) {
    const s = SPECS[section];
    const list = state[section];
    if (list && typeof s.key === "string") {
      names.set(
        section,
        new Map(list.filter((o) => !managed(o)).map((o) => [o.id as number, String(o[s.key as string])])),
      );
    }
  }
  for (const section of SECTIONS) {
    const s = SPECS[section];
    const list = state[section];
    if (!list) continue;
    const readable = list.filter((o) => !managed(o));
    const current = new Map<string, Current>();
    for (const read of readable) {
      const input = readAsInput(s, read);
      const own: string[] = [];
      const doc = toDocument(s, input, names, own);
      const key = keyOf(s, doc) ?? "";
      const masked = toDocument(s, input, names, [], true);
      for (const p of own) problems.push(`${section} ${JSON.stringify(key)}: ${p}`);
      if (current.has(key)) {
        problems.push(`${section}: two ${s.noun}s are called ${JSON.stringify(key)} on the server; rename one first`);
      }
      current.set(key, { id: read.id as number, key, doc, masked });
    }
    bySection.set(section, current);
    ids.set(section, new Map([...current.values()].map((c) => [c.key, c.id])));
  }
  return { names, ids, bySection };
}

/** The organization's document: sections in dependency order, objects by key, fields as the schema orders them. */
export function exportDocument(state: State): { document: Obj; errors: string[] } {
  const errors: string[] = [];
  const { bySection } = readState(state, errors);
  const document: Obj = { version: 1 };
  for (const section of SECTIONS) {
    const current = bySection.get(section);
    if (!current) continue;
    const keys = [...current.keys()].sort(compareKeys);
    document[section] = keys.map((k) => compact(current.get(k)!.doc));
  }
  return { document, errors };
}

const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The plan: every error of the document first (file, object, field); only a document without any
 * gets actions. `prune`: objects of the sections the document has that it does not list are deleted.
 */
export function planDocument(
  input: unknown,
  state: State,
  env: Record<string, string | undefined>,
  options: { prune?: boolean; file?: string } = {},
): Plan {
  const file = options.file ?? "document";
  const errors: string[] = [];
  const { ids, bySection } = readState(state, errors);
  const at = (where: string, message: string) => errors.push(`${file}: ${where}: ${message}`);
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    return { errors: [`${file}: the document must be a mapping of sections`], actions: [] };
  }
  const documentObj = input as Obj;
  for (const top of Object.keys(documentObj)) {
    if (top !== "version" && !(SECTIONS as readonly string[]).includes(top)) {
      at(top, `unknown section (the sections are ${SECTIONS.join(", ")})`);
    }
  }
  if (documentObj.version !== undefined && documentObj.version !== 1) at("version", "only version 1 exists");

  // The names the document gives, so references to objects it creates resolve (to a placeholder id).
  const planned: Ids = new Map([...ids].map(([s, m]) => [s, new Map(m)]));
  const sections: { s: SectionSpec; objects: { key: string; doc: Obj; where: string }[] }[] = [];
  for (const section of SECTIONS) {
    const list = documentObj[section];
    if (list === undefined) continue;
    const s = SPECS[section];
    if (!bySection.has(section)) {
      at(
        section,
        `not readable with these credentials (${s.owner === "user" ? "set LIFELINE_REFRESH_TOKEN, a user's" : "set LIFELINE_TOKEN"})`,
      );
      continue;
    }
    if (!Array.isArray(list)) {
      at(section, "must be a list");
      continue;
    }
    const objects: { key: string; doc: Obj; where: string }[] = [];
    const seen = new Set<string>();
    list.forEach((item, i) => {
      const where0 = `${section}[${i}]`;
      if (!item || typeof item !== "object" || Array.isArray(item)) return at(where0, "must be a mapping");
      const doc = item as Obj;
      const key = keyOf(s, doc);
      if (!key) return at(where0, `needs ${typeof s.key === "string" ? s.key : "a target"}`);
      const where = `${section} ${JSON.stringify(key)}`;
      if (seen.has(key)) return at(where, `named twice`);
      seen.add(key);
      const allowed = docFields(s);
      for (const f of Object.keys(doc))
        if (!allowed.includes(f)) at(where, `${f}: unknown field (known: ${allowed.join(", ")})`);
      const m = planned.get(section) ?? new Map<string, number>();
      if (!m.has(key)) m.set(key, 0);
      planned.set(section, m);
      objects.push({ key, doc: bySection.get(section)?.has(key) ? withTogether(section, doc) : doc, where });
    });
    sections.push({ s, objects });
  }

  // Field by field: references, credentials and the API's own rules (its zod schemas).
  for (const { s, objects } of sections) {
    for (const { key, doc, where } of objects) {
      const problems: string[] = [];
      const body = toApi(doc, planned, env, problems);
      for (const p of problems) at(where, p);
      const exists = bySection.get(s.section)?.get(key);
      const schema = exists ? s.create.partial() : s.create;
      // A change's nulls clear a field (PATCH); the create schema checks the values given.
      const given = exists ? Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null)) : body;
      const parsed = schema.safeParse(placeholders(given));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) at(where, `${issue.path.join(".") || "(object)"}: ${issue.message}`);
      }
      if (s.section === "cron_monitors") {
        const merged = { ...(exists?.masked ?? {}), ...doc };
        if (merged.schedule_kind !== undefined || !exists) {
          try {
            parseSchedule({
              kind: merged.schedule_kind,
              cron: merged.cron_expression,
              tz: merged.timezone,
              period: merged.period_seconds,
            });
          } catch (e) {
            at(where, (e as Error).message);
          }
        }
      }
    }
  }
  if (errors.length > 0) return { errors, actions: [] };

  const actions: Action[] = [];
  for (const { s, objects } of sections) {
    const current = bySection.get(s.section)!;
    for (const { key, doc } of objects) {
      const now = current.get(key);
      if (!now) {
        actions.push({ op: "create", section: s.section, key, doc });
        continue;
      }
      const changes: Change[] = [];
      for (const [field, to] of Object.entries(doc)) {
        if (s.createOnly.includes(field) || s.writeOnly.includes(field)) continue;
        const from = now.masked[field] ?? null;
        if (!sameValue(to, from, env)) changes.push({ field, from, to });
      }
      if (changes.length > 0) actions.push({ op: "update", section: s.section, key, id: now.id, doc, changes });
    }
  }
  if (options.prune) {
    for (const { s, objects } of [...sections].reverse()) {
      const listed = new Set(objects.map((o) => o.key));
      for (const c of [...bySection.get(s.section)!.values()].sort((a, b) => compareKeys(a.key, b.key))) {
        if (!listed.has(c.key)) actions.push({ op: "delete", section: s.section, key: c.key, id: c.id });
      }
    }
  }
  return { errors, actions };
}

function withTogether(section: Section, doc: Obj): Obj {
  const out = { ...doc };
  for (const group of TOGETHER[section] ?? []) {
    if (group.some((f) => doc[f] !== undefined)) for (const f of group) out[f] ??= null;
  }
  return out;
}

/** Ids of objects still to be made are 0 in a planned body: the schemas check ids, so use 1. */
function placeholders(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(placeholders);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Obj).map(([k, v]) => [
        k,
        k.endsWith("_id") || k.endsWith("_ids") ? fix(v) : placeholders(v),
      ]),
    );
  }
  return value;
}
const fix = (v: unknown): unknown => (v === 0 ? 1 : Array.isArray(v) ? v.map(fix) : v);

/** The plan as people read it: `+` create, `~` change (field by field), `-` delete, then a count. */
export function formatPlan(plan: Plan): string {
  if (plan.errors.length > 0)
    return `The document is refused, nothing was changed:\n${plan.errors.map((e) => `  ${e}`).join("\n")}\n`;
  if (plan.actions.length === 0) return "No changes. The organization matches the document.\n";
  const show = (v: unknown) => (referenceOf(v) ? String(v) : JSON.stringify(v));
  const lines: string[] = [];
  const count = { create: 0, update: 0, delete: 0 };
  for (const a of plan.actions) {
    count[a.op]++;
    const noun = `${SPECS[a.section].noun} ${JSON.stringify(a.key)}`;
    if (a.op === "create") lines.push(`+ create ${noun}`);
    if (a.op === "delete") lines.push(`- delete ${noun}`);
    if (a.op === "update") {
      lines.push(`~ change ${noun}`);
      for (const c of a.changes) lines.push(`    ${c.field}: ${show(c.from)} -> ${show(c.to)}`);
    }
  }
  lines.push(`Plan: ${count.create} to create, ${count.update} to change, ${count.delete} to delete.`);
  return `${lines.join("\n")}\n`;
}
