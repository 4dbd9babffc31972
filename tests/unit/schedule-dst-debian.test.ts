import { describe, expect, it } from "vitest";
import { nextFireTimes } from "../../src/shared/schedule";
import { DST_CASES } from "../support/dst-cases";

describe("Debian's fixed-time rule: a job is a wildcard job only when its minute or hour field starts with *", () => {
  it.each(DST_CASES.map((c) => [c.expression, c.timezone, c.change, c] as const))(
    "%s in %s, %s change",
    (_e, _z, _c, c) => {
      const fires = nextFireTimes(
        { kind: "cron", expression: c.expression, timezone: c.timezone },
        new Date(c.from),
        c.fires.length,
      );
      expect(
        fires.map((d) => d.toISOString()),
        c.why,
      ).toEqual(c.fires);
    },
  );
});
