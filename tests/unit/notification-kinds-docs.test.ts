import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INTEGRATION_KINDS, kindOf } from "../../src/shared/notification-kinds";

const ROOT = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** The rows of the table of kinds in docs/api-sweeper-notifications.md: kind → its config cell. */
function docsTable(): Map<string, string> {
  const doc = read("docs/api-sweeper-notifications.md");
  const section = doc.slice(doc.indexOf("### Kinds and their `config`"));
  const table = section.slice(section.indexOf("| kind | config | wire |"));
  const rows = new Map<string, string>();
  for (const line of table.split("\n").slice(2)) {
    if (!line.startsWith("|")) break;
    const [kind, config] = line
      .split(/(?<!\\)\|/)
      .slice(1)
      .map((cell) => cell.trim());
    rows.set(kind!.replace(/`/g, ""), config!);
  }
  return rows;
}

/** The config fields a cell names (`field`), each with whether it is marked a credential (`field`*). */
function namedFields(cell: string): Map<string, boolean> {
  return new Map([...cell.matchAll(/`([a-z_]+)`(\*?)/g)].map((m) => [m[1]!, m[2] === "*"]));
}

describe("the one table of kinds (docs/api-sweeper-notifications.md)", () => {
  const rows = docsTable();

  it("has one row per kind of the list, in its order, and none for a kind not in the list", () => {
    expect([...rows.keys()]).toEqual([...INTEGRATION_KINDS]);
  });

  it("names each config field of every kind, and marks exactly its credentials with *", () => {
    for (const kind of INTEGRATION_KINDS) {
      const named = namedFields(rows.get(kind) ?? "");
      for (const field of Object.keys(kindOf(kind).config.shape)) {
        expect(named.has(field), `${kind}: ${field}`).toBe(true);
        expect(named.get(field), `${kind}: ${field} is a credential`).toBe(kindOf(kind).secrets.includes(field));
      }
    }
  });
});

describe("the README's list of kinds", () => {
  it("names every kind of the list with its config fields, and no other kind", () => {
    const readme = read("README.md").replace(/\s+/g, " ");
    const start = readme.indexOf("Kinds and their `config`");
    const sentence = readme.slice(start, readme.indexOf(".", readme.indexOf("`matrix`", start)));
    const listed = new Map(
      [...sentence.matchAll(/`([a-z_]+)` \(((?:`[a-z_]+`(?:, )?)+)\)/g)].map((m) => [
        m[1]!,
        m[2]!.replace(/`/g, "").split(", "),
      ]),
    );
    expect([...listed.keys()]).toEqual([...INTEGRATION_KINDS]);
    for (const kind of INTEGRATION_KINDS)
      expect(listed.get(kind)!.sort(), kind).toEqual(Object.keys(kindOf(kind).config.shape).sort());
  });
});
