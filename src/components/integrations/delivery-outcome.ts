/** A recorded delivery attempt as the dashboard shows it (the fields of the API's delivery). */
export type DeliveryAttempt = {
  status: "success" | "failed";
  response_status: number | null;
  error: string | null;
  duration_ms: number;
};

/** The outcome in words: "Delivered (HTTP 200) in 12 ms" / "Failed: HTTP 500 (after 40 ms)". */
export function outcomeText(d: DeliveryAttempt): string {
  const took = `in ${d.duration_ms} ms`;
  if (d.status === "success") {
    return d.response_status === null ? `Delivered ${took}` : `Delivered (HTTP ${d.response_status}) ${took}`;
  }
  const reason = d.error ?? (d.response_status !== null ? `HTTP ${d.response_status}` : "no answer");
  return `Failed: ${reason} (after ${d.duration_ms} ms)`;
}
