"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { errorText } from "./errors";
import { localDateTime } from "./time";

/** The quick snoozes a monitor's or a service's page offers (minutes). */
const QUICK = [
  { label: "1 h", minutes: 60 },
  { label: "8 h", minutes: 8 * 60 },
  { label: "1 day", minutes: 24 * 60 },
] as const;

/**
 * Snooze a cron monitor's or a service's notifications (docs/api-maintenance.md): 1 hour, 8 hours,
 * 1 day or until a time; while snoozed, the end and a button that ends it now.
 */
export function SnoozeControl({
  object,
}: {
  object: { kind: "cron_monitor" | "service"; id: number; snoozed_until: string | null };
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const monitor = object.kind === "cron_monitor";
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: monitor ? trpc.cronMonitors.pathKey() : trpc.services.pathKey() });
  const [until, setUntil] = useState("");
  const snooze = useMutation({
    mutationFn: async (body: { minutes: number } | { until: string }) => {
      const input = { id: object.id, ...body };
      await (monitor ? client.cronMonitors.snooze.mutate(input) : client.services.snooze.mutate(input));
    },
    onSuccess: refresh,
  });
  const end = useMutation({
    mutationFn: async () => {
      await (monitor
        ? client.cronMonitors.unsnooze.mutate({ id: object.id })
        : client.services.unsnooze.mutate({ id: object.id }));
    },
    onSuccess: refresh,
  });
  const failure = snooze.error ?? end.error;

  return (
    <div className="stack" data-testid="snooze">
      {object.snoozed_until ? (
        <div className="row wrap">
          <span role="status">
            Snoozed until {localDateTime(object.snoozed_until)}: incidents are recorded but nobody is notified.
          </span>
          <button type="button" className="secondary" disabled={end.isPending} onClick={() => end.mutate()}>
            End snooze
          </button>
        </div>
      ) : (
        <div className="row wrap" role="group" aria-label="Snooze notifications">
          <span className="muted">Snooze notifications:</span>
          {QUICK.map((q) => (
            <button
              key={q.minutes}
              type="button"
              className="secondary"
              disabled={snooze.isPending}
              onClick={() => snooze.mutate({ minutes: q.minutes })}
            >
              {`Snooze ${q.label}`}
            </button>
          ))}
          <label className="row tight">
            <span className="muted">until</span>
            <input
              type="datetime-local"
              value={until}
              onChange={(e) => setUntil(e.target.value)}
              aria-label="Snooze until"
            />
          </label>
          <button
            type="button"
            className="secondary"
            disabled={snooze.isPending || until === ""}
            onClick={() => snooze.mutate({ until: new Date(until).toISOString() })}
          >
            Snooze until
          </button>
        </div>
      )}
      {failure && (
        <p className="error" role="alert">
          {errorText(failure)}
        </p>
      )}
    </div>
  );
}
