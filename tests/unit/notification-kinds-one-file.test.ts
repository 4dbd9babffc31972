import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INTEGRATION_KINDS, kindOf, NOTIFICATION_KINDS } from "../../src/shared/notification-kinds";

const ROOT = path.resolve(__dirname, "../..");
const KINDS_DIR = path.join(ROOT, "src/shared/notification-kinds");
/** The folder's files that are not kinds: the list, the shape of a kind, the parts kinds share. */
const NOT_KINDS = ["index.ts", "kind.ts", "parts.ts"];

/**
 * Where a kind's name may appear as a string outside its own file, and why: `email` is also a field
 * name and an input type, which these files mean.
 */
const ALLOWED: Record<string, { kinds: readonly string[]; why: string }> = {
  "src/shared/notification-kinds/index.ts": { kinds: ["email"], why: "the column names url, email, secret" },
  "src/shared/notification-kinds/kind.ts": { kinds: ["email"], why: "a form field's input type" },
  "src/components/auth-form.tsx": { kinds: ["email"], why: "the sign-in form's address field" },
  "src/components/settings/members-panel.tsx": { kinds: ["email"], why: "a member's address input" },
  "src/server/api/next-auth.ts": { kinds: ["email"], why: "the sign-in credential's address field" },
  "src/server/services/accounts/auth.ts": { kinds: ["email"], why: "a user's address, as an error key" },
  "src/server/services/accounts/members.ts": { kinds: ["email"], why: "a member's address, as an error key" },
  "src/server/status-pages/render-html.ts": { kinds: ["email"], why: "the subscribe form's address field" },
  "src/server/status-pages/subscribe.ts": { kinds: ["email"], why: "the subscribe form's address field" },
  "src/client/config/convert.ts": { kinds: ["email"], why: "the column names url, email, secret" },
};

/** Files written by a generator from the OpenAPI document (`npm run client:generate`), not by hand. */
const GENERATED = ["src/client/api-types.ts"];

const fileOf = (kind: string) => `${kind.replace(/_/g, "-")}.ts`;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" ? [] : sourceFiles(full);
    const rel = path.relative(ROOT, full).split(path.sep).join("/");
    return /\.(ts|tsx)$/.test(name) && !GENERATED.includes(rel) ? [full] : [];
  });
}

/** The code without its comments (block comments and whole-line // comments). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** The kinds whose name the file's code holds as a string literal ("slack", 'slack' or `slack`). */
function kindsNamedIn(text: string): string[] {
  const body = code(text);
  return INTEGRATION_KINDS.filter((k) => new RegExp(`["'\`]${k}["'\`]`).test(body));
}

describe("a notification kind is one file", () => {
  it("registers one file per kind in the folder, named after the kind, and no kind file outside the list", () => {
    const files = readdirSync(KINDS_DIR)
      .filter((f) => !NOT_KINDS.includes(f))
      .sort();
    expect(files).toEqual(INTEGRATION_KINDS.map(fileOf).sort());
    expect(new Set(INTEGRATION_KINDS).size).toBe(INTEGRATION_KINDS.length);
  });

  it("exports from each kind's file the registered kind: its config schema, secrets, form and renderer or mail", async () => {
    for (const registered of NOTIFICATION_KINDS) {
      const kind = registered.kind;
      const module = (await import(path.join(KINDS_DIR, fileOf(kind)))) as Record<string, unknown>;
      expect(Object.values(module), kind).toContain(registered);
      const k = kindOf(kind);
      expect(k.label, kind).toMatch(/\S/);
      const fields = Object.keys(k.config.shape);
      expect(k.config.safeParse({ not_a_field: 1 }).success, `${kind} refuses unknown fields`).toBe(false);
      for (const secret of k.secrets) expect(fields, `${kind}: secret ${secret} is a config field`).toContain(secret);
      expect(k.form.fields.map((f) => f.name).sort(), kind).toEqual([...fields].sort());
      if (k.via === "http") expect(typeof k.render, kind).toBe("function");
      else expect(typeof k.mail, kind).toBe("function");
    }
  });

  it("names no kind as a string anywhere else in src/ (but the allowed field names)", () => {
    const found: string[] = [];
    for (const file of sourceFiles(path.join(ROOT, "src"))) {
      const rel = path.relative(ROOT, file).split(path.sep).join("/");
      const own = rel.startsWith("src/shared/notification-kinds/")
        ? path.basename(rel, ".ts").replace(/-/g, "_")
        : null;
      for (const kind of kindsNamedIn(readFileSync(file, "utf8"))) {
        if (kind !== own && !(ALLOWED[rel]?.kinds ?? []).includes(kind)) found.push(`${rel}: "${kind}"`);
      }
    }
    expect(found).toEqual([]);
  });

  it("still needs each allowed exception (an allow-list entry that no longer matches is dropped)", () => {
    for (const [rel, { kinds, why }] of Object.entries(ALLOWED)) {
      expect(kindsNamedIn(readFileSync(path.join(ROOT, rel), "utf8")), `${rel} (${why})`).toEqual(
        expect.arrayContaining([...kinds]),
      );
    }
  });

  it("keeps the kinds and the message model free of server modules, so the dashboard can import them", () => {
    // (src/shared/incident-kinds.ts, the kinds' and flags' words, imports nothing.)
    const pure = [KINDS_DIR, path.join(ROOT, "src/shared/notifications")].flatMap(sourceFiles);
    expect(readFileSync(path.join(ROOT, "src/shared/incident-kinds.ts"), "utf8")).not.toMatch(/^import /m);
    for (const file of pure) {
      const imports = [...readFileSync(file, "utf8").matchAll(/from "([^"]+)"/g)].map((m) => m[1]!);
      for (const from of imports)
        expect(from, path.relative(ROOT, file)).toMatch(
          /^(zod|\.\/[\w-]+|\.\.\/(notifications|notification-kinds|schemas)\/[\w-]+|\.\.\/incident-kinds)$/,
        );
    }
  });
});
