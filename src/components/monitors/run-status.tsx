type RunStatus = "running" | "success" | "fail" | "missed";

const WORD: Record<RunStatus, { word: string; mark: string }> = {
  running: { word: "Running", mark: "▶" },
  success: { word: "Success", mark: "✓" },
  fail: { word: "Failed", mark: "✕" },
  missed: { word: "Missed", mark: "–" },
};

/** A run's status in words with a mark, coloured by status. */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  const look = WORD[status];
  return (
    <span className={`badge run-badge run-${status}`}>
      <span aria-hidden="true">{look.mark}</span> {look.word}
    </span>
  );
}

export const RUN_STATUS_WORDS = Object.fromEntries(Object.entries(WORD).map(([k, v]) => [k, v.word])) as Record<
  RunStatus,
  string
>;
