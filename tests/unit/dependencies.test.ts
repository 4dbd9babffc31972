import { describe, expect, it } from "vitest";
import {
  checkDependencies,
  MAX_LEVELS,
  problemText,
  type DependencyEdge,
  type NodeRef,
} from "../../src/server/domain/dependencies";

const m = (id: number): NodeRef => ({ type: "cron_monitor", id });
const s = (id: number): NodeRef => ({ type: "service", id });
const edge = (child: NodeRef, parent: NodeRef): DependencyEdge => ({ child, parent });

describe("the depends_on graph", () => {
  it("accepts parents that make no cycle and no chain longer than 5 levels", () => {
    expect(checkDependencies([edge(m(2), s(1))], m(3), [m(2), s(1)])).toBeNull();
    expect(checkDependencies([], m(1), [])).toBeNull();
  });

  it("refuses an object depending on itself, naming the cycle", () => {
    const problem = checkDependencies([], m(1), [m(1)]);
    expect(problem).toEqual({ kind: "cycle", path: [m(1), m(1)] });
    expect(problemText(problem!)).toBe("depends_on would make a cycle: cron monitor 1 -> cron monitor 1");
  });

  it("refuses a cycle through other objects of either type, naming it from the object", () => {
    // s1 depends on m2, m2 on m3; m3 now asks to depend on s1.
    const edges = [edge(s(1), m(2)), edge(m(2), m(3))];
    const problem = checkDependencies(edges, m(3), [s(1)]);
    expect(problemText(problem!)).toBe(
      "depends_on would make a cycle: cron monitor 3 -> service 1 -> cron monitor 2 -> cron monitor 3",
    );
  });

  it("replaces the object's own edges: dropping a parent that closed a cycle is allowed", () => {
    const edges = [edge(m(1), m(2)), edge(m(2), m(3))];
    expect(checkDependencies(edges, m(2), [])).toBeNull();
    expect(checkDependencies(edges, m(3), [m(1)])?.kind).toBe("cycle");
  });

  it("refuses a chain of more than 5 levels above or below the object, naming the chain", () => {
    // m1 <- m2 <- m3 <- m4 <- m5 <- m6: m6 has 5 levels of parents above it.
    const chain = [1, 2, 3, 4, 5].map((i) => edge(m(i + 1), m(i)));
    expect(checkDependencies(chain.slice(0, 4), m(6), [m(5)])).toBeNull(); // exactly 5 levels
    const deeper = checkDependencies(chain, m(7), [m(6)]);
    expect(deeper).toEqual({ kind: "too_deep", path: [7, 6, 5, 4, 3, 2, 1].map(m) });
    expect(problemText(deeper!)).toMatch(/^depends_on would make a chain of more than 5 levels: cron monitor 7 -> /);
    // Below: m1 gains a parent s9, so the chain under it (m6 ... m1) grows past the limit.
    expect(checkDependencies(chain, m(1), [s(9)])?.kind).toBe("too_deep");
    expect(MAX_LEVELS).toBe(5);
  });
});
