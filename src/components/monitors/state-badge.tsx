import type { CronMonitor } from "../../shared/schemas/cron-monitors";

type State = CronMonitor["state"];

/** Each state has a word and a shape as well as a colour: colour is never the only signal. */
const LOOK: Record<State, { word: string; mark: string }> = {
  new: { word: "New", mark: "○" },
  up: { word: "Up", mark: "●" },
  late: { word: "Late", mark: "◐" },
  down: { word: "Down", mark: "▲" },
  paused: { word: "Paused", mark: "❚❚" },
};

export function StateBadge({ state }: { state: State }) {
  const look = LOOK[state];
  return (
    <span className={`badge state-${state}`} data-state={state}>
      <span aria-hidden="true">{look.mark}</span> {look.word}
    </span>
  );
}

export const STATE_WORDS = Object.fromEntries(Object.entries(LOOK).map(([k, v]) => [k, v.word])) as Record<
  State,
  string
>;
