import { MASK, maskSecret, maskUrlCredentials } from "../../shared/integration-secrets";
import { apiFields, DOC_REFERENCES, REFERENCES, type Section, type SectionSpec } from "./sections";

/**
 * The two shapes of an object: the API's (ids, credentials masked in answers) and the document's
 * (names, credentials as `${env:NAME}` references). Pure: the names and ids are passed in.
 */
export type Obj = Record<string, unknown>;
/** Per section (and `probes`): id → document key. */
export type Names = Map<string, Map<number, string>>;
/** Per section (and `probes`): document key → id. */
export type Ids = Map<string, Map<string, number>>;

const REF = /^\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** The variable a reference names, or null when the value is not a reference. */
export function referenceOf(value: unknown): string | null {
  return typeof value === "string" ? (REF.exec(value)?.[1] ?? null) : null;
}

/** The variable an export names for a credential: `INTEGRATION_OPS_SLACK_URL`. */
export function variableFor(s: SectionSpec, key: string, path: string[]): string {
  return [s.noun, key, ...path]
    .join("_")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/**
 * A read object as the create input it would take (the section's writable fields, nulls kept):
 * the answers' own shapes (a status page's components, a badge's target) in the input's words.
 */
export function readAsInput(s: SectionSpec, read: Obj): Obj {
  const out: Obj = {};
  for (const field of apiFields(s)) if (field in read) out[field] = read[field];
  if (s.section === "status_pages") {
    out.components = (read.components as Obj[]).map((c) => ({
      [`${String(c.type)}_id`]: c.id,
      display_name: c.display_name,
      group: c.group,
    }));
    if (read.has_password) out.password = MASK;
  }
  if (s.section === "badges") {
    const target = read.target as { type: string; id: number };
    out[`${target.type}_id`] = target.id;
  }
  if (s.section === "integrations" && read.config && typeof read.config === "object") {
    // webhook, slack and email answer their columns top-level and again in config: keep them once.
    const config = { ...(read.config as Obj) };
    for (const column of ["url", "email", "secret"]) if (read[column] != null) delete config[column];
    out.config = config;
  }
  return out;
}

/**
 * The document form of an input-shaped object: ids named, lists of names sorted, every masked
 * credential written as a reference (`masked`: kept masked, to compare). `problems` collects what
 * cannot be named.
 */
export function toDocument(s: SectionSpec, input: Obj, names: Names, problems: string[], masked = false): Obj {
  const doc: Obj = {};
  const visit = (value: unknown, path: string[]): unknown => {
    if (!masked && typeof value === "string" && value.includes(MASK)) {
      return `\${env:${variableFor(s, typeof s.key === "string" ? String(input[s.key] ?? "") : "badge", path)}}`;
    }
    if (Array.isArray(value)) return value.map((v, i) => visit(v, [...path, String(i)]));
    if (value && typeof value === "object") return renameObject(value as Obj, path);
    return value;
  };
  const renameObject = (o: Obj, path: string[]): Obj => {
    const out: Obj = {};
    for (const [field, value] of Object.entries(o)) {
      const ref = REFERENCES[field];
      if (!ref || value == null) {
        out[field] = visit(value, [...path, field]);
        continue;
      }
      const named = (id: unknown) => {
        const n = names.get(ref.section)?.get(id as number);
        if (n === undefined)
          problems.push(`${[...path, field].join(".")}: ${ref.section} id ${String(id)} is not readable`);
        return n ?? `#${String(id)}`;
      };
      out[ref.doc] = ref.many ? (value as unknown[]).map(named).sort() : named(value);
    }
    return out;
  };
  Object.assign(doc, renameObject(input, []));
  return doc;
}

/** What an export writes: nulls, empty lists and empty objects left out, keys in the schema's order. */
export function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact);
  if (value && typeof value === "object") {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value as Obj)) {
      const c = compact(v);
      if (c === null || c === undefined) continue;
      if (Array.isArray(c) && c.length === 0) continue;
      if (c && typeof c === "object" && !Array.isArray(c) && Object.keys(c).length === 0) continue;
      out[k] = c;
    }
    return out;
  }
  return value;
}

/**
 * The API form of document fields: names turned into ids (`ids` holds every object that exists or
 * was just made; a name missing there is left out and reported) and references resolved from `env`.
 */
export function toApi(doc: Obj, ids: Ids, env: Record<string, string | undefined>, problems: string[]): Obj {
  const visit = (value: unknown, path: string[]): unknown => {
    const variable = referenceOf(value);
    if (variable) {
      const v = env[variable];
      if (v === undefined) problems.push(`${path.join(".")}: the environment has no ${variable}`);
      return v ?? "";
    }
    if (Array.isArray(value)) return value.map((v, i) => visit(v, [...path, String(i)]));
    if (value && typeof value === "object") {
      const out: Obj = {};
      for (const [field, v] of Object.entries(value as Obj)) {
        const ref = DOC_REFERENCES[field];
        if (!ref || v == null) {
          out[field] = visit(v, [...path, field]);
          continue;
        }
        const id = (name: unknown) => {
          const found = ids.get(ref.section)?.get(name as string);
          if (found === undefined)
            problems.push(`${[...path, field].join(".")}: no ${ref.section} named ${JSON.stringify(name)}`);
          return found ?? 0;
        };
        out[ref.api] = ref.many ? (v as unknown[]).map(id) : id(v);
      }
      return out;
    }
    return value;
  };
  return visit(doc, []) as Obj;
}

/**
 * Whether a document value is what the server holds (both in document form). A reference equals a
 * masked credential when the variable's value masks to it; a list of names compares as a set.
 */
export function sameValue(desired: unknown, current: unknown, env: Record<string, string | undefined>): boolean {
  if (isEmpty(desired) && isEmpty(current)) return true;
  const variable = referenceOf(desired);
  if (variable) {
    const v = env[variable];
    return v !== undefined && (v === current || maskSecret(v) === current || maskUrlCredentials(v) === current);
  }
  if (Array.isArray(desired) && Array.isArray(current)) {
    return desired.length === current.length && desired.every((d, i) => sameValue(d, current[i], env));
  }
  if (desired && typeof desired === "object" && current && typeof current === "object") {
    const keys = new Set([...Object.keys(desired), ...Object.keys(current)]);
    return [...keys].every((k) => sameValue((desired as Obj)[k] ?? null, (current as Obj)[k] ?? null, env));
  }
  return (desired ?? null) === (current ?? null);
}

export type { Section };

/** Null, an empty list and an empty mapping all say "none". */
const isEmpty = (v: unknown) =>
  v == null || (Array.isArray(v) ? v.length === 0 : typeof v === "object" && Object.keys(v as Obj).length === 0);
