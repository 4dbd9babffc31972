import { describe, expect, it } from "vitest";
import { refusalOf, type Limit } from "../../src/server/limits/counter";

const limit = (key: string, max: number): Limit => ({ key, max, windowSeconds: 60, message: "wait {s} s" });

describe("which limit refuses an attempt", () => {
  const now = 1_000_000;

  it("admits an attempt that no key has taken over its limit", () => {
    expect(
      refusalOf(
        [limit("a", 5), limit("b", 1)],
        [
          { key: "a", hits: 5, window_end: now + 1 },
          { key: "b", hits: 1, window_end: now + 1 },
        ],
        now,
      ),
    ).toBeNull();
  });

  it("refuses with the longest wait among the exhausted keys and names the keys that admitted it", () => {
    const refusal = refusalOf(
      [limit("a", 5), limit("b", 1), limit("c", 1)],
      [
        { key: "a", hits: 3, window_end: now + 500 },
        { key: "b", hits: 2, window_end: now + 9_500 },
        { key: "c", hits: 2n, window_end: BigInt(now + 2_000) },
      ],
      now,
    );
    expect(refusal).toMatchObject({ limit: { key: "b" }, retryAfterSeconds: 10, admitted: ["a"] });
  });

  it("asks for at least one second", () => {
    expect(refusalOf([limit("a", 1)], [{ key: "a", hits: 2, window_end: now + 10 }], now)?.retryAfterSeconds).toBe(1);
  });
});
