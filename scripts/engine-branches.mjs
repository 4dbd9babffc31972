// Engine differences live on the storage floor alone (docs/architecture.md, "Rooms"): a module of src/
// off that floor that tests the database URL, reads the engine's kind, names an engine in a branch or
// writes an engine's dialect is refused. `npm run check:layers` runs this after the import rules
// (.dependency-cruiser.cjs `engines-stay-in-storage` refuses an engine's driver imported off the floor);
// tests/unit/layers.test.ts holds src/ to it and shows it refusing a violation.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The one module off the storage floor that tests the URL: `isPostgresUrl`, which configuration and migrate.ts share. */
export const URL_TEST_HOME = "src/env.ts";

/** What an engine branch looks like, by name. Comment lines are not read. */
export const ENGINE_BRANCHES = [
  ["tests the database URL", /postgres(ql)?:\/\/|postgres\\?\(ql\\?\)|\bisPostgresUrl\b|\bsqlitePath\b/],
  ["reads the engine's kind", /\bdatabaseKind\b|\b(sql|runner|tx|connections|engine|storage)\.kind\b/],
  [
    "names an engine in a branch",
    /[!=]==?\s*["'`](sqlite|postgresql|postgres)["'`]|["'`](sqlite|postgresql|postgres)["'`]\s*[!=]==?|\bcase\s+["'`](sqlite|postgresql|postgres)["'`]|^\s*["']?(sqlite|postgresql)["']?\s*:/,
  ],
  [
    "writes an engine's dialect",
    /\b(Dialect|SQLITE|POSTGRES)\b|\bdialect\w*|\bjulianday\(|\bjson_each\(|::(timestamp|int\[\]|jsonb?)\b|\bSQLITE_[A-Z_]+/,
  ],
];

const floors = createRequire(import.meta.url)("../.dependency-cruiser.cjs").FLOORS;
const storageFloor = floors.find(([name]) => name === "storage")[2].map((p) => new RegExp(p));

function sources(root, dir) {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sources(root, `${dir}/${e.name}`) : [`${dir}/${e.name}`]));
}

/** The engine branches of `root`'s src/ off the storage floor: `file:line: what`. */
export function engineBranches(root) {
  const found = [];
  for (const file of sources(root, "src")) {
    if (!/\.(ts|tsx|js|mjs|cjs)$/.test(file) || file.startsWith("src/generated/") || file === URL_TEST_HOME) continue;
    if (storageFloor.some((p) => p.test(file))) continue;
    fs.readFileSync(path.join(root, file), "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (/^\s*(\/\/|\/\*|\*)/.test(line)) return;
        for (const [what, pattern] of ENGINE_BRANCHES) if (pattern.test(line)) found.push(`${file}:${i + 1}: ${what}`);
      });
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = engineBranches(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
  for (const f of found) console.error(`engine branch off the storage floor: ${f}`);
  if (found.length > 0) process.exit(1);
  console.log("no engine branch off the storage floor");
}
