"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../trpc/react";
import { LocalTime } from "../common/relative-time";
import { errorText } from "../common/errors";
import { TableScroll } from "../common/table-scroll";
import { EVENT_LABEL } from "./event-labels";

/** The newest deliveries shown (GET /integrations/{id}/deliveries has the rest). */
export const DELIVERY_LOG_LIMIT = 10;

/**
 * An integration's recent delivery attempts, newest first: when, which event, the outcome and what
 * the receiver answered (its HTTP status, or the error). Loaded when opened.
 */
export function DeliveryLog({ id, name }: { id: number; name: string }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const log = useQuery({
    ...trpc.integrations.deliveries.queryOptions({ id, page: 1, limit: DELIVERY_LOG_LIMIT }),
    enabled: open,
  });
  const rows = log.data?.data ?? [];
  return (
    <details className="delivery-log" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Delivery log</summary>
      {log.error ? (
        <p className="error" role="alert">
          {errorText(log.error)}
        </p>
      ) : log.isLoading ? (
        <p className="muted small-text" role="status">
          Loading deliveries…
        </p>
      ) : rows.length === 0 ? (
        <p className="muted small-text">No deliveries yet: send a test.</p>
      ) : (
        <TableScroll label={`Deliveries of ${name}`}>
          <table className="data" data-testid="delivery-log">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Outcome</th>
                <th scope="col">Receiver's answer</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.id}>
                  <td>
                    <LocalTime iso={d.created_at} />
                  </td>
                  <td>{EVENT_LABEL[d.event] ?? d.event}</td>
                  <td className={d.status === "success" ? "ok-text" : "error"}>
                    {d.status === "success" ? "✓ Delivered" : "✗ Failed"}
                    {d.attempt > 1 ? ` (attempt ${d.attempt})` : ""} in {d.duration_ms} ms
                  </td>
                  <td>
                    {[d.response_status !== null ? `HTTP ${d.response_status}` : null, d.error]
                      .filter(Boolean)
                      .join(": ") || "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {(log.data?.meta.total ?? 0) > rows.length && (
            <p className="muted small-text">
              The newest {rows.length} of {log.data?.meta.total}.
            </p>
          )}
        </TableScroll>
      )}
    </details>
  );
}
