import { describe, expect, it } from "vitest";
import { escapeLabelValue, exposition, formatValue, wantsOpenMetrics } from "../../src/server/domain/exposition";

describe("Prometheus exposition", () => {
  it("escapes backslash, double quote and line feed in label values", () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
  });

  it("writes HELP, TYPE and one line per sample, and a family without samples still declares itself", () => {
    const text = exposition(
      [
        {
          name: "x_up",
          help: "Up.\nTwo lines",
          type: "gauge",
          samples: [
            { labels: { id: "1", name: 'say "hi"' }, value: 1 },
            { labels: {}, value: 0.5 },
          ],
        },
        { name: "x_empty", help: "None", type: "gauge", samples: [] },
      ],
      false,
    );
    expect(text).toBe(
      '# HELP x_up Up.\\nTwo lines\n# TYPE x_up gauge\nx_up{id="1",name="say \\"hi\\""} 1\nx_up 0.5\n# HELP x_empty None\n# TYPE x_empty gauge\n',
    );
  });

  it("ends OpenMetrics with # EOF and escapes double quotes in its HELP", () => {
    const text = exposition([{ name: "x", help: 'a "b"', type: "gauge", samples: [{ labels: {}, value: 2 }] }], true);
    expect(text).toBe('# HELP x a \\"b\\"\n# TYPE x gauge\nx 2\n# EOF\n');
  });

  it("formats special values and negotiates OpenMetrics from Accept", () => {
    expect([NaN, Infinity, -Infinity, 1e-3].map(formatValue)).toEqual(["NaN", "+Inf", "-Inf", "0.001"]);
    expect(wantsOpenMetrics("application/openmetrics-text;version=1.0.0,text/plain;q=0.5")).toBe(true);
    expect(wantsOpenMetrics("text/plain")).toBe(false);
    expect(wantsOpenMetrics(null)).toBe(false);
  });
});
