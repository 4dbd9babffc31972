import type { RunSummary } from "../../shared/schemas/cron-monitors";
import { durationText, localDateTime } from "../common/time";

const STATUS_WORD: Record<RunSummary["status"], string> = {
  success: "success",
  fail: "failed",
  running: "running",
  missed: "missed",
};

function describe(run: RunSummary): string {
  const parts = [STATUS_WORD[run.status], localDateTime(run.at)];
  if (run.duration_ms !== null) parts.push(durationText(run.duration_ms));
  if (run.drifted) parts.push("drifted");
  if (run.overlapped) parts.push("overlapped");
  return parts.join(" · ");
}

/** The last 20 runs, oldest left: colour and letter per status; drifted and overlapped marked. */
export function RunStrip({ runs }: { runs: RunSummary[] }) {
  const ordered = [...runs].reverse();
  const counts = runs.reduce<Record<string, number>>(
    (acc, r) => ({ ...acc, [STATUS_WORD[r.status]]: (acc[STATUS_WORD[r.status]] ?? 0) + 1 }),
    {},
  );
  const summary =
    runs.length === 0
      ? "No runs yet"
      : `Last ${runs.length} runs: ${Object.entries(counts)
          .map(([k, n]) => `${n} ${k}`)
          .join(", ")}`;
  return (
    <div className="run-strip" role="img" aria-label={summary} title={summary}>
      {ordered.length === 0 && <span className="muted small-text">No runs yet</span>}
      {ordered.map((run, i) => (
        <span
          key={`${run.at}-${i}`}
          className={`run-cell run-${run.status}${run.drifted ? " drifted" : ""}${run.overlapped ? " overlapped" : ""}`}
          title={describe(run)}
          suppressHydrationWarning
        />
      ))}
    </div>
  );
}
