import { durationText } from "../common/time";

type ChartRun = { rid: string; status: string; duration_ms: number | null; baseline_ms: number | null; drifted: boolean; started_at: string };

/** Bars of recent run durations (oldest left) with the drift baseline as a dashed line. */
export function DurationChart({ runs }: { runs: ChartRun[] }) {
  const timed = [...runs].reverse().filter((r) => r.duration_ms !== null);
  if (timed.length < 2) return null;
  const baseline = runs.find((r) => r.baseline_ms !== null)?.baseline_ms ?? null;
  const max = Math.max(...timed.map((r) => r.duration_ms!), baseline ?? 0, 1);
  const width = 600;
  const height = 120;
  const bar = width / timed.length;
  const y = (ms: number) => height - (ms / max) * (height - 10);
  const label = `Durations of the last ${timed.length} timed runs, longest ${durationText(max)}${baseline !== null ? `, baseline ${durationText(baseline)}` : ""}`;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} preserveAspectRatio="none">
        {timed.map((r, i) => (
          <rect key={r.rid} x={i * bar + 1} y={y(r.duration_ms!)} width={Math.max(bar - 2, 1)} height={height - y(r.duration_ms!)} className={`bar run-${r.status}${r.drifted ? " drifted" : ""}`}>
            <title>{`${durationText(r.duration_ms)}${r.drifted ? " (drifted)" : ""}`}</title>
          </rect>
        ))}
        {baseline !== null && <line x1={0} x2={width} y1={y(baseline)} y2={y(baseline)} className="baseline" />}
      </svg>
      <figcaption className="muted small-text">
        {label}. {baseline !== null ? "Dashed line: drift baseline (median)." : "No drift baseline yet."}
      </figcaption>
    </figure>
  );
}
