import { describe, expect, it } from "vitest";
import { periodCrontab } from "../../src/shared/schedule/crontab-line";
import { nextFireTimes } from "../../src/shared/schedule";

describe("the crontab line of a period monitor", () => {
  it("gives */5 for 300 s and 0 */6 for 6 h, and no line for 7 minutes, 90 s, 5 hours or 2 days", () => {
    expect(periodCrontab(300)).toEqual({ timezone: null, expression: "*/5 * * * *" });
    expect(periodCrontab(6 * 3600)).toEqual({ timezone: "UTC", expression: "0 */6 * * *" });
    expect(periodCrontab(60)).toEqual({ timezone: null, expression: "* * * * *" });
    for (const seconds of [420, 90, 5 * 3600, 2 * 86_400, 0, -60, 1.5]) expect(periodCrontab(seconds)).toBeNull();
  });

  it("fires exactly one period apart, parsed back by the schedule engine, for every period from 60 s to 7 days that has a line", () => {
    const froms = [
      new Date("2026-03-28T22:17:00Z"),
      new Date("2026-10-24T23:59:30Z"),
      new Date("2026-12-31T23:00:00Z"),
    ];
    let lines = 0;
    for (let seconds = 60; seconds <= 7 * 86_400; seconds += 60) {
      const line = periodCrontab(seconds);
      if (!line) continue;
      lines++;
      // Without CRON_TZ the daemon's own zone applies: checked in one with daylight-saving changes.
      const timezone = line.timezone ?? "Europe/Berlin";
      for (const from of froms) {
        const times = nextFireTimes({ kind: "cron", expression: line.expression, timezone }, from, 4);
        for (let i = 1; i < times.length; i++)
          expect(times[i]!.getTime() - times[i - 1]!.getTime(), `${seconds} s: ${line.expression}`).toBe(
            seconds * 1000,
          );
      }
    }
    expect(lines).toBe(20); // 1-30 min dividing the hour (11), 1 h, 2-12 h dividing the day (6), 1 day, 1 week
  });
});
