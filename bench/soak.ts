// `npm run bench:soak -- [--engine sqlite|postgresql] [--minutes N] [--monitors N] [--services N]
//   [--due-per-minute N] [--rate N] [--burst N] [--smoke] [--record]`
// A long run of the many-machine layout on one database, processes killed at random: on PostgreSQL
// (a throwaway durable cluster) 3 web processes (`npm start --web-only`), 2 ingest processes
// (`npm run ping-server`), 2 looping sweepers and 3 probes; on SQLite the layout one machine allows
// (one of each). 100,000 period monitors whose expected times are spread so that 300 fall due each
// minute (1 in 10 of those silent on purpose), 10,000 http services every 60 s against loopback
// targets of which half flip down and up, pings at a steady 100/s plus 2,000 at the top of each
// minute, a webhook receiver on loopback; for 10 minutes a random process is killed with kill -9
// every 20–40 s and restarted. Then the counts (bench/soak/tally.ts): every acknowledged ping stored
// once, one incident and one webhook per event, no stuck outbox row, alert latency, probe start lag,
// RSS. `--smoke`: 2 minutes at a reduced scale. `--record` writes the tables to docs/performance.md
// ("soak"). Every wait is bounded; all traffic stays on loopback.
import { parseArgs } from "node:util";
import { machine, writeSection } from "./lib";
import { table, verdicts } from "./soak/report";
import { LAYOUTS, runSoak, type SoakOptions } from "./soak/run";

const BOUNDS = { alertP99Ms: 3000, rssGrowthMiB: 200 };

function options(): {
  engines: SoakOptions["engine"][];
  record: boolean;
  base: Omit<SoakOptions, "engine" | "layout">;
} {
  const { values } = parseArgs({
    options: {
      engine: { type: "string" },
      minutes: { type: "string" },
      monitors: { type: "string" },
      services: { type: "string" },
      "due-per-minute": { type: "string" },
      rate: { type: "string" },
      burst: { type: "string" },
      smoke: { type: "boolean", default: false },
      record: { type: "boolean", default: false },
    },
  });
  const smoke = values.smoke;
  const num = (v: string | undefined, fallback: number) => (v === undefined ? fallback : Number(v));
  const engines = values.engine ? [values.engine] : ["postgresql", "sqlite"];
  for (const e of engines) if (e !== "sqlite" && e !== "postgresql") throw new Error(`--engine: ${e}`);
  return {
    engines: engines as SoakOptions["engine"][],
    record: values.record,
    base: {
      seconds: num(values.minutes, smoke ? 2 : 10) * 60,
      monitors: num(values.monitors, smoke ? 10_000 : 100_000),
      duePerMinute: num(values["due-per-minute"], 300),
      silentEvery: 10,
      graceSeconds: smoke ? 20 : 60,
      services: num(values.services, smoke ? 1000 : 10_000),
      serviceIntervalSeconds: smoke ? 20 : 60,
      targets: 10,
      pingRate: num(values.rate, smoke ? 30 : 100),
      burst: num(values.burst, smoke ? 300 : 2000),
      killEverySeconds: [20, 40],
      // Events a killed sweeper had claimed wait for the claim's 5-minute lease: the record waits for it.
      drainSeconds: smoke ? 90 : 420,
      expireDeadClaims: smoke,
      rssEverySeconds: 10,
      log: (msg) => console.log(`[bench:soak] ${new Date().toISOString().slice(11, 19)} ${msg}`),
    },
  };
}

async function main() {
  const { engines, record, base } = options();
  let held = true;
  for (const engine of engines) {
    const report = await runSoak({ ...base, engine, layout: LAYOUTS[engine] });
    const text = table(report, BOUNDS);
    for (const d of report.tally.notifications.duplicated.filter((x) => !x.explained))
      console.log(`unexplained duplicate: ${JSON.stringify(d)}`);
    console.log(`\n${text}\n`);
    held &&= verdicts(report, BOUNDS).every(([, , ok]) => ok);
    if (record) writeSection(`soak-${engine}`, `${new Date().toISOString().slice(0, 10)}, ${machine()}.\n\n${text}`);
  }
  process.exit(held ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
