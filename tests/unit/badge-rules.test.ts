import { describe, expect, it } from "vitest";
import { badgeStatus, badgeSvg, shownStatus, worstStatus } from "../../src/server/domain/badge";

describe("badge rules", () => {
  it("maps monitor states and service statuses to up, late, down or unknown", () => {
    expect(badgeStatus("up", false)).toBe("up");
    expect(badgeStatus("late", false)).toBe("late");
    expect(badgeStatus("degraded", false)).toBe("late");
    expect(badgeStatus("down", false)).toBe("down");
    expect(badgeStatus("new", false)).toBe("unknown");
    expect(badgeStatus("up", true)).toBe("unknown");
  });

  it("shows late as up on an up/down-only badge and leaves every other status as it is", () => {
    expect(shownStatus("late", "up_down")).toBe("up");
    expect(shownStatus("down", "up_down")).toBe("down");
    expect(shownStatus("unknown", "up_down")).toBe("unknown");
    expect(shownStatus("late", "all")).toBe("late");
  });

  it("gives a project its worst part", () => {
    expect(worstStatus(["up", "late", "unknown"])).toBe("late");
    expect(worstStatus(["up", "down"])).toBe("down");
    expect(worstStatus([])).toBe("unknown");
  });

  it("sizes the SVG by its text and escapes the label", () => {
    const short = badgeSvg("ci", "up");
    const long = badgeSvg("a much longer label", "up");
    const width = (svg: string) => Number(svg.match(/^<svg [^>]*width="(\d+)"/)![1]);
    expect(width(long)).toBeGreaterThan(width(short));
    const hostile = badgeSvg(`<script>x</script>]]>&`, "down");
    expect(hostile).not.toContain("<script>");
    expect(hostile).toContain("&lt;script&gt;x&lt;/script&gt;]]&gt;&amp;");
  });
});
