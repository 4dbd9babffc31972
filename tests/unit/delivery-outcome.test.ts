import { describe, expect, it } from "vitest";
import { outcomeText } from "../../src/components/integrations/delivery-outcome";

describe("the dashboard's words for a delivery attempt", () => {
  it("names the receiver's HTTP status of a delivered webhook or Slack message", () => {
    expect(outcomeText({ status: "success", response_status: 200, error: null, duration_ms: 12 })).toBe(
      "Delivered (HTTP 200) in 12 ms",
    );
  });
  it("says delivered without a status for email", () => {
    expect(outcomeText({ status: "success", response_status: null, error: null, duration_ms: 80 })).toBe(
      "Delivered in 80 ms",
    );
  });
  it("gives the recorded error of a failed attempt", () => {
    expect(outcomeText({ status: "failed", response_status: 500, error: "HTTP 500", duration_ms: 40 })).toBe(
      "Failed: HTTP 500 (after 40 ms)",
    );
    expect(outcomeText({ status: "failed", response_status: null, error: "connection refused", duration_ms: 3 })).toBe(
      "Failed: connection refused (after 3 ms)",
    );
  });
  it("falls back to the status, or to 'no answer', when no error text was recorded", () => {
    expect(outcomeText({ status: "failed", response_status: 404, error: null, duration_ms: 5 })).toBe(
      "Failed: HTTP 404 (after 5 ms)",
    );
    expect(outcomeText({ status: "failed", response_status: null, error: null, duration_ms: 5 })).toBe(
      "Failed: no answer (after 5 ms)",
    );
  });
});
