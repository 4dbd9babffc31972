import { useId } from "react";
import { durationText } from "../common/time";

type ChartRun = {
  rid: string;
  status: string;
  duration_ms: number | null;
  baseline_ms: number | null;
  drifted: boolean;
  started_at: string;
};

const STATUS_WORD: Record<string, string> = {
  success: "succeeded",
  fail: "failed",
  running: "running",
  missed: "missed",
};

/** "Run 3 of 12: failed, drifted, 4.2 s": what a bar says in words. */
export function barName(run: ChartRun, index: number, count: number): string {
  const marks = [STATUS_WORD[run.status] ?? run.status, ...(run.drifted ? ["drifted"] : [])];
  return `Run ${index + 1} of ${count}: ${marks.join(", ")}, ${durationText(run.duration_ms)}`;
}

/**
 * Bars of recent run durations (oldest left) with the drift baseline as a dashed line once there is one,
 * and the monitor's minimum runtime (its run rule) as a dotted line when set: a bar below it is a run
 * flagged too short.
 * Failed runs are hatched and drifted runs carry a mark above the bar, so neither depends on colour;
 * each bar is named in words ("failed", "drifted").
 */
export function DurationChart({
  runs,
  minRuntimeSeconds = null,
}: {
  runs: ChartRun[];
  minRuntimeSeconds?: number | null;
}) {
  const hatch = `hatch-${useId().replace(/:/g, "")}`;
  const timed = [...runs].reverse().filter((r) => r.duration_ms !== null);
  if (timed.length < 2) return null;
  const baseline = runs.find((r) => r.baseline_ms !== null)?.baseline_ms ?? null;
  const minRuntime = minRuntimeSeconds !== null ? minRuntimeSeconds * 1000 : null;
  const longest = Math.max(...timed.map((r) => r.duration_ms!), baseline ?? 0, 1);
  const max = Math.max(longest, minRuntime ?? 0);
  const width = 600;
  const height = 120;
  const top = 12; // room for the drift marks above the longest bar
  const bar = width / timed.length;
  const y = (ms: number) => height - (ms / max) * (height - top);
  const failed = timed.filter((r) => r.status === "fail").length;
  const drifted = timed.filter((r) => r.drifted).length;
  const marks = [failed && `${failed} failed`, drifted && `${drifted} drifted`].filter(Boolean).join(", ");
  const label = `Durations of the last ${timed.length} timed runs, longest ${durationText(longest)}${marks ? `, ${marks}` : ""}${baseline !== null ? `, baseline ${durationText(baseline)}` : ""}${minRuntime !== null ? `, minimum runtime ${durationText(minRuntime)}` : ""}`;
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="group"
        aria-label={label}
        preserveAspectRatio="none"
        data-testid="duration-chart"
      >
        <defs>
          <pattern id={hatch} patternUnits="userSpaceOnUse" width={8} height={8} patternTransform="rotate(45)">
            <rect width={8} height={8} className="hatch-ground" />
            <rect width={4} height={8} className="hatch-stripe" />
          </pattern>
        </defs>
        {timed.map((r, i) => {
          const x = i * bar + 1;
          const w = Math.max(bar - 2, 1);
          const barTop = y(r.duration_ms!);
          return (
            <g
              key={r.rid}
              role="img"
              aria-label={barName(r, i, timed.length)}
              data-testid="duration-bar"
              data-status={r.status}
              data-drifted={r.drifted || undefined}
            >
              <rect
                x={x}
                y={barTop}
                width={w}
                height={height - barTop}
                className={`bar run-${r.status}${r.drifted ? " drifted" : ""}`}
                style={r.status === "fail" ? { fill: `url(#${hatch})` } : undefined}
              />
              {r.drifted && <rect x={x} y={Math.max(barTop - 9, 0)} width={w} height={5} className="drift-mark" />}
            </g>
          );
        })}
        {baseline !== null && (
          <line x1={0} x2={width} y1={y(baseline)} y2={y(baseline)} className="baseline" data-testid="drift-baseline" />
        )}
        {minRuntime !== null && (
          <line
            x1={0}
            x2={width}
            y1={y(minRuntime)}
            y2={y(minRuntime)}
            className="min-runtime"
            data-testid="min-runtime-line"
            data-seconds={minRuntimeSeconds}
          />
        )}
      </svg>
      <figcaption className="muted small-text">
        {label}. Hatched bars: failed runs; a bar with a mark above it: a drifted run.{" "}
        {baseline !== null ? "Dashed line: drift baseline (median)." : "No drift baseline yet."}
        {minRuntime !== null && " Dotted line: minimum runtime (a shorter run is too short)."}
      </figcaption>
    </figure>
  );
}
