import { describe, expect, it } from "vitest";
import { moved } from "../../src/components/status-pages/order";

describe("reordering a status page's components", () => {
  it("swaps a component with its neighbour up or down and leaves the input list unchanged", () => {
    const list = ["a", "b", "c"];
    expect(moved(list, 2, -1)).toEqual(["a", "c", "b"]);
    expect(moved(list, 0, 1)).toEqual(["b", "a", "c"]);
    expect(list).toEqual(["a", "b", "c"]);
  });

  it("keeps the list as it is when a move would leave either end or names no item", () => {
    const list = ["a", "b"];
    expect(moved(list, 0, -1)).toBe(list);
    expect(moved(list, 1, 1)).toBe(list);
    expect(moved(list, 5, -1)).toBe(list);
  });
});
