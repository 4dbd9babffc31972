import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DurationChart } from "../../src/components/monitors/duration-chart";

type Run = Parameters<typeof DurationChart>[0]["runs"][number];
const run = (i: number, status: string, ms: number, drifted = false, baseline: number | null = 2_000): Run => ({
  rid: `r${i}`,
  status,
  duration_ms: ms,
  baseline_ms: baseline,
  drifted,
  started_at: `2026-11-2${i}T00:00:00Z`,
});

/** Newest first, as the runs list gives them. */
const render = (runs: Run[], minRuntimeSeconds: number | null = null) =>
  renderToStaticMarkup(createElement(DurationChart, { runs, minRuntimeSeconds }));

describe("the run-duration bars", () => {
  it("mark a drifted run by a shape above its bar and by the word 'drifted', and draw the baseline", () => {
    const html = render([run(3, "success", 9_000, true), run(2, "fail", 1_500), run(1, "success", 2_000)]);
    expect(html).toContain('aria-label="Run 3 of 3: succeeded, drifted, 9.0 s"');
    expect(html).toContain('aria-label="Run 2 of 3: failed, 1.5 s"');
    expect(html.match(/class="drift-mark"/g)).toHaveLength(1);
    expect(html).toMatch(
      /aria-label="Durations of the last 3 timed runs, longest 9\.0 s, 1 failed, 1 drifted, baseline 2\.0 s"/,
    );
    expect(html).toContain('data-testid="drift-baseline"');
    expect(html).toContain("Dashed line: drift baseline (median).");
  });

  it("draw the minimum runtime as a dotted line the too-short bars end below, scaled in even when every run is shorter, and say it", () => {
    const html = render([run(2, "fail", 2_000, false, null), run(1, "fail", 3_000, false, null)], 60);
    const line = /<line[^>]*class="min-runtime"[^>]*>/.exec(html)?.[0] ?? "";
    expect(line).toContain('data-seconds="60"');
    expect(Number(/y1="([\d.]+)"/.exec(line)![1])).toBeCloseTo(12); // the top: the line is the longest mark
    for (const y of [...html.matchAll(/<rect x="[\d.]+" y="([\d.]+)"[^>]*class="bar/g)].map((m) => Number(m[1])))
      expect(y).toBeGreaterThan(12);
    expect(html).toMatch(
      /aria-label="Durations of the last 2 timed runs, longest 3\.0 s, 2 failed, minimum runtime 1 min"/,
    );
    expect(html).toContain("Dotted line: minimum runtime (a shorter run is too short).");
    expect(render([run(2, "success", 2_000), run(1, "success", 3_000)])).not.toContain("min-runtime");
  });

  it("draw no baseline and no drift mark before there is a baseline", () => {
    const html = render([run(2, "success", 3_000, false, null), run(1, "success", 2_000, false, null)]);
    expect(html).not.toContain("drift-mark");
    expect(html).not.toContain('data-testid="drift-baseline"');
    expect(html).toContain("No drift baseline yet.");
  });
});
