// What the benchmarks that compare this checkout with another (bench:ping-versus, bench:api-versus) share:
// their arguments, the two sides and the median of a side's rounds.
import fs from "node:fs";
import path from "node:path";
import { execSync } from "node:child_process";

export type Engine = "sqlite" | "postgresql";

/**
 * `<path of another checkout> [sqlite|postgresql]` from the command line: the other checkout must hold
 * `entry` (the script each side runs). Prints the usage of `script` and exits otherwise.
 */
export function versusArgs(script: string, entry: string, defaultEngine: Engine): { other: string; engine: Engine } {
  const other = process.argv[2];
  const engine = (process.argv[3] ?? defaultEngine) as Engine;
  if (!other || !fs.existsSync(path.join(other, entry)) || !["sqlite", "postgresql"].includes(engine)) {
    console.error(`usage: npm run ${script} -- <path of another checkout> [sqlite|postgresql]`);
    process.exit(2);
  }
  return { other, engine };
}

const commitOf = (dir: string) => execSync("git rev-parse --short HEAD", { cwd: dir, encoding: "utf8" }).trim();

/** This checkout and the other, each on its own loopback port (BENCH_PORT_BASE and the next one). */
export function versusSides(other: string) {
  const portBase = Number(process.env.BENCH_PORT_BASE ?? 30_000 + 10 * Math.floor(Math.random() * 900));
  return [
    { name: "this checkout", dir: process.cwd(), port: portBase },
    { name: "other checkout", dir: path.resolve(other), port: portBase + 1 },
  ].map((s) => ({ ...s, commit: commitOf(s.dir), base: `http://127.0.0.1:${s.port}` }));
}

/** The median of a side's rounds (the mean of the middle two for an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length / 2;
  return s.length % 2 ? s[Math.floor(mid)]! : (s[mid - 1]! + s[mid]!) / 2;
}
