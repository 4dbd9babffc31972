import type { SparkPoint } from "./use-service-data";
import { msText } from "./format";

/**
 * The last 24 hours of one service in a small inline SVG: response times as a line, failed
 * checks as marks under it. Its accessible name says what it shows in words.
 */
export function Sparkline({
  points,
  width = 120,
  height = 28,
}: {
  points: SparkPoint[];
  width?: number;
  height?: number;
}) {
  const timed = points
    .map((p, i) => ({ i, ms: p.response_ms }))
    .filter((p): p is { i: number; ms: number } => p.ms !== null);
  const failing = points.map((p, i) => ({ i, up: p.uptime_percentage })).filter((p) => p.up !== null && p.up < 100);
  if (timed.length === 0)
    return (
      <span className="muted small-text" data-testid="sparkline-empty">
        No checks yet
      </span>
    );
  const max = Math.max(...timed.map((p) => p.ms), 1);
  const slots = Math.max(points.length - 1, 1);
  const x = (i: number) => (i / slots) * (width - 4) + 2;
  const y = (ms: number) => height - 6 - (ms / max) * (height - 10);
  const line = timed.map((p) => `${x(p.i).toFixed(1)},${y(p.ms).toFixed(1)}`).join(" ");
  const sorted = timed.map((p) => p.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const label = `Response times, last 24 hours: median ${msText(median)}, slowest ${msText(max)}${failing.length ? `, failures in ${failing.length} of ${points.length} periods` : ", no failures"}`;
  return (
    <svg
      className="sparkline"
      data-testid="sparkline"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      style={{ color: "var(--ok)", overflow: "visible", flex: "none" }}
    >
      <title>{label}</title>
      {timed.length === 1 ? (
        <circle cx={x(timed[0]!.i)} cy={y(timed[0]!.ms)} r={2} fill="currentColor" />
      ) : (
        <polyline
          points={line}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      )}
      {failing.map((p) => (
        <rect key={p.i} x={x(p.i) - 1.5} y={height - 4} width={3} height={4} fill="var(--danger)" />
      ))}
    </svg>
  );
}
