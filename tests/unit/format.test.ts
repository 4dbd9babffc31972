import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The code is formatted by Prettier (.prettierrc.json: 120 columns); `npm run format` rewrites it.
const root = path.resolve(__dirname, "../..");

describe("the code's format", () => {
  it("every TypeScript and JavaScript file is as Prettier writes it (120 columns)", () => {
    const r = spawnSync(
      process.execPath,
      [path.join(root, "node_modules/prettier/bin/prettier.cjs"), "--list-different", "**/*.{ts,tsx,mjs,cjs,js}"],
      {
        cwd: root,
        encoding: "utf8",
      },
    );
    expect(r.stderr).toBe("");
    expect(r.stdout.split("\n").filter(Boolean), "files Prettier would change (npm run format)").toEqual([]);
    expect(r.status).toBe(0);
  }, 120_000);
});
