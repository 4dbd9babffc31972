import { describe, expect, it } from "vitest";
import { appRouter } from "../../src/server/api/root";
import { procedureInputSchema } from "../../src/server/api/http/strict-json";
import { capLog, LOG_LIMIT_BYTES } from "../../src/server/domain/runs";
import { isStorableText, storable, TEXT_RULE_MESSAGE } from "../../src/shared/schemas/text";
import { SERVICE_TYPES } from "../../src/shared/service-types";
import { createProjectInput } from "../../src/shared/schemas/projects";

// The one rule for text (src/shared/schemas/text.ts): every string field of every procedure's input
// carries it, so a new field cannot forget it.

type Def = { type: string; checks?: unknown[]; [k: string]: unknown };
const defOf = (s: unknown) => (s as { _zod: { def: Def } })._zod.def;

/** Every string schema reachable from `schema`, with its field path. */
function strings(
  schema: unknown,
  path: string,
  out: { path: string; def: Def }[] = [],
  seen = new Set<unknown>(),
): typeof out {
  if (!schema || seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const at = (child: unknown, p: string) => strings(child, p, out, seen);
  switch (def.type) {
    case "string":
      out.push({ path, def });
      break;
    case "object":
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) at(v, path ? `${path}.${k}` : k);
      break;
    case "array":
      at(def.element, `${path}[]`);
      break;
    case "record":
      at(def.keyType, `${path}{key}`);
      at(def.valueType, `${path}{}`);
      break;
    case "union":
      for (const o of def.options as unknown[]) at(o, path);
      break;
    case "pipe":
      at(def.in, path);
      at(def.out, path);
      break;
    case "intersection":
      at(def.left, path);
      at(def.right, path);
      break;
    default:
      if (def.innerType) at(def.innerType, path);
  }
  return out;
}

/**
 * The documented exceptions: the schedule preview's parameters are read by the one schedule
 * validator (which refuses anything outside its grammar with spec 7.2's body, as on create); a
 * sign-in's password is only compared with a hash; a reported `log` is bytes, kept with U+FFFD.
 */
const EXEMPT = new Set([
  "cronMonitors.schedulePreview:cron",
  "cronMonitors.schedulePreview:period",
  "cronMonitors.schedulePreview:tz",
  "auth.login:password",
  "users.changePassword:current_password",
  "cronRuns.reportEvent:log",
]);

describe("the text rule", () => {
  it("is carried by every string field of every procedure's input, but for the documented exceptions", () => {
    const procedures = Object.keys(appRouter._def.procedures);
    expect(procedures.length).toBeGreaterThan(60);
    const missing: string[] = [];
    let checked = 0;
    for (const name of procedures) {
      for (const { path, def } of strings(procedureInputSchema(appRouter, name), "")) {
        const key = `${name}:${path}`;
        if (EXEMPT.has(key)) continue;
        checked++;
        if (!def.checks?.includes(storable)) missing.push(key);
      }
    }
    for (const [type, { config }] of Object.entries(SERVICE_TYPES)) {
      for (const { path, def } of strings(config, `config(${type})`)) {
        checked++;
        if (!def.checks?.includes(storable)) missing.push(path);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(40);
    // Every exception still names a string field (a renamed field would otherwise escape the rule).
    const fields = new Set(
      procedures.flatMap((name) =>
        strings(procedureInputSchema(appRouter, name), "").map(({ path }) => `${name}:${path}`),
      ),
    );
    expect([...EXEMPT].filter((key) => !fields.has(key))).toEqual([]);
  });

  it("refuses NUL, control characters but tab and line breaks, and unpaired surrogates", () => {
    for (const bad of [
      "ok\u0000",
      "a\ud800b",
      "a\udc00b",
      "tail\ud83d",
      "\udca9head",
      "bell\u0007",
      "esc\u001b[31m",
      "del\u007f",
      "c1\u0085",
      "vt\u000b",
    ]) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("keeps emoji, CJK, combining marks, right-to-left text and marks, tabs and line breaks", () => {
    for (const good of [
      "📦 备份 ✓",
      "e\u0301",
      "שלום עולם",
      "مرحبا",
      "a\u202eb\u202c",
      "👩‍👩‍👧",
      "tab\there",
      "two\r\nlines",
      "\uFFFD",
      "",
    ]) {
      expect(isStorableText(good), JSON.stringify(good)).toBe(true);
    }
  });

  it("answers per field with the rule's message", () => {
    const r = createProjectInput.safeParse({ name: "a\ud800b", description: "ok\u0000" });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byField).toEqual({ name: TEXT_RULE_MESSAGE, description: TEXT_RULE_MESSAGE });
  });
});

describe("a run log keeps what it can", () => {
  const bytes = (...parts: (string | number[])[]) =>
    Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p))));

  it("stores UTF-8 without NUL verbatim, a byte-order mark and control characters included", () => {
    const body = bytes([0xef, 0xbb, 0xbf], "line\u001b[31m red\r\n📦");
    expect(capLog(body)).toEqual({ text: "\ufeffline\u001b[31m red\r\n📦", bytes: body.length, truncated: false });
  });

  it("replaces NUL and invalid UTF-8 by U+FFFD and counts the stored bytes", () => {
    const log = capLog(bytes("a", [0x00], "b", [0xff], "c", [0xed, 0xa0, 0x80], "d"));
    expect(log.text).toBe("a\uFFFDb\uFFFDc\uFFFD\uFFFD\uFFFDd");
    expect(log.bytes).toBe(Buffer.byteLength(log.text));
    expect(log.truncated).toBe(false);
  });

  it("stores a reported log's unpaired surrogate as U+FFFD", () => {
    expect(capLog(new TextEncoder().encode("a\ud800b\u0000")).text).toBe("a\uFFFDb\uFFFD");
  });

  it("cuts at the limit after the replacement, so the stored log stays within it", () => {
    const log = capLog(new Uint8Array(LOG_LIMIT_BYTES));
    expect(log.truncated).toBe(true);
    expect(log.bytes).toBeLessThanOrEqual(LOG_LIMIT_BYTES);
    expect(log.bytes).toBe(Buffer.byteLength(log.text));
    expect(log.text).toBe("\uFFFD".repeat(Math.floor(LOG_LIMIT_BYTES / 3)));
  });
});
