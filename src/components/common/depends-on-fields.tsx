"use client";

import { useQuery } from "@tanstack/react-query";
import type { DependsOn } from "../../shared/schemas/dependencies";
import { useTRPC } from "../../trpc/react";
import { PICKER_PAGE } from "../first-screen";
import { errorText } from "./errors";

type Props = {
  /** The object being edited (left out of the choices), or null for a new one. */
  self: { type: "cron_monitor" | "service"; id: number } | null;
  selected: DependsOn;
  onChange: (next: DependsOn) => void;
  error?: string;
};

/**
 * `depends_on`: the cron monitors and services this object depends on. While one of them has an
 * open incident, this object's new incidents are held under it and notify nobody until it recovers.
 */
export function DependsOnFields({ self, selected, onChange, error }: Props) {
  const trpc = useTRPC();
  const monitors = useQuery({ ...trpc.cronMonitors.list.queryOptions(PICKER_PAGE), refetchOnWindowFocus: false });
  const services = useQuery({ ...trpc.services.list.queryOptions(PICKER_PAGE), refetchOnWindowFocus: false });
  const choices = [
    ...(monitors.data?.data ?? []).map((m) => ({
      key: "cron_monitor_ids" as const,
      type: "cron_monitor",
      id: m.id,
      name: m.name,
    })),
    ...(services.data?.data ?? []).map((s) => ({
      key: "service_ids" as const,
      type: "service",
      id: s.id,
      name: s.name,
    })),
  ].filter((c) => !(self && c.type === self.type && c.id === self.id));
  const toggle = (key: keyof DependsOn, id: number) =>
    onChange({
      ...selected,
      [key]: selected[key].includes(id) ? selected[key].filter((x) => x !== id) : [...selected[key], id],
    });
  const failed = monitors.error ?? services.error;

  return (
    <fieldset className="stack" aria-describedby="depends-on-note" aria-invalid={error ? true : undefined}>
      <legend>Depends on</legend>
      {failed && (
        <p className="error" role="alert">
          {errorText(failed)}
        </p>
      )}
      {choices.length > 0 && (
        <div className="integration-choices" data-testid="depends-on-choices">
          {choices.map((c) => (
            <label key={`${c.type}:${c.id}`} className="check">
              <input type="checkbox" checked={selected[c.key].includes(c.id)} onChange={() => toggle(c.key, c.id)} />
              {c.name} <span className="muted small-text">({c.type === "service" ? "service" : "cron monitor"})</span>
            </label>
          ))}
        </div>
      )}
      <p id="depends-on-note" className="muted small-text">
        While one of these is down, this one&apos;s incidents are held under it instead of notifying; if it still fails
        after they recover, it is notified then.
      </p>
      {error && (
        <p className="error small-text" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
