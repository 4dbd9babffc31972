import { describe, expect, it } from "vitest";
import { computePreview } from "../../src/components/monitors/preview-model";
import { scheduleErrorMessage } from "../../src/shared/schedule";

describe("the dashboard's live schedule preview", () => {
  it("flags the fire time that comes after a DST change in the chosen zone", () => {
    const preview = computePreview(
      { kind: "cron", cron: "30 1 * * *", timezone: "Europe/Berlin", periodSeconds: null },
      new Date("2027-03-26T12:00:00Z"),
    );
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.fires.map((f) => f.iso)).toEqual([
      "2027-03-27T01:30:00+01:00",
      "2027-03-28T01:30:00+01:00",
      "2027-03-29T01:30:00+02:00",
      "2027-03-30T01:30:00+02:00",
      "2027-03-31T01:30:00+02:00",
    ]);
    expect(preview.fires.map((f) => f.dstChange)).toEqual([null, null, "UTC+01:00 → UTC+02:00", null, null]);
  });

  it("answers the engine's code, field and message for an invalid expression, like the API", () => {
    const preview = computePreview(
      { kind: "cron", cron: "30 2 * *", timezone: "UTC", periodSeconds: null },
      new Date(),
    );
    expect(preview).toMatchObject({
      ok: false,
      code: "invalid_cron_syntax",
      field: "cron_expression",
      generic: scheduleErrorMessage("invalid_cron_syntax"),
    });
  });

  it("names the period field for a period under a minute", () => {
    const preview = computePreview({ kind: "period", cron: "", timezone: "UTC", periodSeconds: 30 }, new Date());
    expect(preview).toMatchObject({ ok: false, field: "period_seconds" });
  });
});
