import { LocalTime } from "../common/relative-time";
import { msText } from "./format";
import type { ResponseBucket } from "./use-service-data";
import { TableScroll } from "../common/table-scroll";

/** A line over the buckets that have a value; a gap where a bucket has none. */
function segments(
  buckets: ResponseBucket[],
  pick: (b: ResponseBucket) => number | null,
  x: (i: number) => number,
  y: (ms: number) => number,
): string[] {
  const out: string[] = [];
  let current: string[] = [];
  buckets.forEach((b, i) => {
    const v = pick(b);
    if (v === null) {
      if (current.length) out.push(current.join(" "));
      current = [];
    } else current.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  });
  if (current.length) out.push(current.join(" "));
  return out;
}

/**
 * Response times per bucket of the chosen period: the median (p50, solid) and the 95th percentile
 * (p95, dashed). The SVG has a summary as its name; the numbers are also a table for screen readers.
 */
export function ResponseChart({
  buckets,
  periodWords,
  bucketSeconds,
}: {
  buckets: ResponseBucket[];
  periodWords: string;
  bucketSeconds: number;
}) {
  const filled = buckets.filter((b) => b.p50_ms !== null || b.p95_ms !== null);
  if (filled.length === 0) return <p className="muted">No response times in the {periodWords} yet.</p>;
  const width = 600;
  const height = 160;
  const max = Math.max(...filled.map((b) => Math.max(b.p95_ms ?? 0, b.p50_ms ?? 0)), 1);
  const x = (i: number) => (buckets.length <= 1 ? width / 2 : (i / (buckets.length - 1)) * (width - 8) + 4);
  const y = (ms: number) => height - 4 - (ms / max) * (height - 14);
  const p50 = segments(buckets, (b) => b.p50_ms, x, y);
  const p95 = segments(buckets, (b) => b.p95_ms, x, y);
  const medians = filled
    .map((b) => b.p50_ms)
    .filter((v): v is number => v !== null)
    .sort((a, b) => a - b);
  const typical = medians.length ? medians[Math.floor((medians.length - 1) / 2)]! : null;
  const label = `Response times, ${periodWords}: typical median ${msText(typical)}, highest 95th percentile ${msText(max)}, ${filled.length} of ${buckets.length} periods with checks`;
  const bucketWords =
    bucketSeconds >= 86_400
      ? `${bucketSeconds / 86_400} day`
      : bucketSeconds >= 3600
        ? `${bucketSeconds / 3600} h`
        : `${Math.round(bucketSeconds / 60)} min`;
  return (
    <figure className="chart stack" data-testid="response-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={label}
        preserveAspectRatio="none"
        style={{ height: 160 }}
      >
        <line x1={0} x2={width} y1={y(max)} y2={y(max)} stroke="var(--border)" vectorEffect="non-scaling-stroke" />
        <line
          x1={0}
          x2={width}
          y1={height - 4}
          y2={height - 4}
          stroke="var(--border)"
          vectorEffect="non-scaling-stroke"
        />
        {p95.map((pts, i) =>
          pts.includes(" ") ? (
            <polyline
              key={`p95-${i}`}
              points={pts}
              fill="none"
              stroke="var(--late)"
              strokeWidth={2}
              strokeDasharray="6 4"
              vectorEffect="non-scaling-stroke"
            />
          ) : (
            <circle key={`p95-${i}`} cx={pts.split(",")[0]} cy={pts.split(",")[1]} r={2.5} fill="var(--late)" />
          ),
        )}
        {p50.map((pts, i) =>
          pts.includes(" ") ? (
            <polyline
              key={`p50-${i}`}
              points={pts}
              fill="none"
              stroke="var(--ok)"
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
            />
          ) : (
            <circle key={`p50-${i}`} cx={pts.split(",")[0]} cy={pts.split(",")[1]} r={2.5} fill="var(--ok)" />
          ),
        )}
      </svg>
      <figcaption className="muted small-text">
        {label}. One point per {bucketWords}.{" "}
        <span style={{ color: "var(--ok)" }} aria-hidden="true">
          ━
        </span>{" "}
        median (p50),{" "}
        <span style={{ color: "var(--late)" }} aria-hidden="true">
          ╍
        </span>{" "}
        95th percentile (p95, dashed). Top line: {msText(max)}.
      </figcaption>
      <details>
        <summary>Response times as a table</summary>
        <TableScroll label="Response times table">
          <table className="data">
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">Checks</th>
                <th scope="col">Median</th>
                <th scope="col">95th percentile</th>
                <th scope="col">Slowest</th>
              </tr>
            </thead>
            <tbody>
              {filled.map((b) => (
                <tr key={b.start}>
                  <td>
                    <LocalTime iso={b.start} />
                  </td>
                  <td>{b.count}</td>
                  <td>{msText(b.p50_ms)}</td>
                  <td>{msText(b.p95_ms)}</td>
                  <td>{msText(b.max_ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}
