"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { PICKER_PAGE } from "../first-screen";
import { errorText, fieldErrors } from "../common/errors";
import { MAX_MAINTENANCE_DURATION_MINUTES, MIN_MAINTENANCE_RUN_MINUTES } from "../../shared/vocabulary";
import { SubmitButton } from "../common/submit-button";

type Kind = "once" | "recurring";
type Picked = { monitors: number[]; services: number[]; projects: number[] };

/** A `datetime-local` value (the viewer's zone) as an ISO instant, or undefined when empty. */
const instant = (local: string) => (local ? new Date(local).toISOString() : undefined);
const toggled = (list: number[], id: number, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));

/** One group of targets to tick (projects, cron monitors, services). */
function TargetGroup(props: {
  legend: string;
  items: { id: number; name: string }[];
  value: number[];
  onChange: (v: number[]) => void;
  testId: string;
}) {
  return (
    <fieldset className="stack" data-testid={props.testId}>
      <legend>{props.legend}</legend>
      {props.items.length === 0 ? (
        <p className="muted small-text">None yet.</p>
      ) : (
        props.items.map((item) => (
          <label key={item.id} className="check">
            <input
              type="checkbox"
              checked={props.value.includes(item.id)}
              onChange={(e) => props.onChange(toggled(props.value, item.id, e.target.checked))}
            />
            {item.name}
          </label>
        ))
      )}
    </fieldset>
  );
}

/**
 * Schedules a maintenance window (docs/api-maintenance.md): a title, one-off start and end or a
 * recurring cron schedule with its zone and duration, and its targets: projects (their monitors
 * and services, present and future), cron monitors and services.
 */
export function MaintenanceForm() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const ids = {
    title: useId(),
    description: useId(),
    starts: useId(),
    ends: useId(),
    schedule: useId(),
    timezone: useId(),
    duration: useId(),
  };
  const monitors = useQuery(trpc.cronMonitors.list.queryOptions(PICKER_PAGE));
  const services = useQuery(trpc.services.list.queryOptions(PICKER_PAGE));
  const projects = useQuery(trpc.projects.list.queryOptions());
  const [kind, setKind] = useState<Kind>("once");
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [starts, setStarts] = useState("");
  const [ends, setEnds] = useState("");
  const [schedule, setSchedule] = useState("0 3 * * *");
  const [timezone, setTimezone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
  const [duration, setDuration] = useState("60");
  const [picked, setPicked] = useState<Picked>({ monitors: [], services: [], projects: [] });
  const create = useMutation({
    mutationFn: () =>
      client.maintenance.create.mutate({
        title,
        description,
        ...(kind === "once"
          ? { starts_at: instant(starts), ends_at: instant(ends) }
          : { schedule, timezone, duration_minutes: Number(duration) }),
        targets: { cron_monitor_ids: picked.monitors, service_ids: picked.services, project_ids: picked.projects },
      }),
    onSuccess: () => {
      setTitle("");
      setDescription("");
      setPicked({ monitors: [], services: [], projects: [] });
      void queryClient.invalidateQueries({ queryKey: trpc.maintenance.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.cronMonitors.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.services.pathKey() });
    },
  });
  const errors = fieldErrors(create.error);
  const fieldError = (name: string) =>
    errors[name] && (
      <p className="error small-text" role="alert">
        {errors[name]}
      </p>
    );

  return (
    <form
      className="card stack"
      aria-label="Schedule a maintenance window"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate();
      }}
    >
      <h2>Schedule a maintenance window</h2>
      <div className="field">
        <label htmlFor={ids.title}>Title</label>
        <input id={ids.title} value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={128} />
        {fieldError("title")}
      </div>
      <div className="field">
        <label htmlFor={ids.description}>Description</label>
        <textarea
          id={ids.description}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={2000}
          rows={2}
        />
      </div>
      <fieldset className="row wrap">
        <legend>When</legend>
        <label className="check">
          <input type="radio" name="kind" checked={kind === "once"} onChange={() => setKind("once")} /> Once
        </label>
        <label className="check">
          <input type="radio" name="kind" checked={kind === "recurring"} onChange={() => setKind("recurring")} />{" "}
          Recurring
        </label>
      </fieldset>
      {kind === "once" ? (
        <div className="row wrap">
          <div className="field">
            <label htmlFor={ids.starts}>Starts</label>
            <input
              id={ids.starts}
              type="datetime-local"
              value={starts}
              onChange={(e) => setStarts(e.target.value)}
              required
            />
            {fieldError("starts_at")}
          </div>
          <div className="field">
            <label htmlFor={ids.ends}>Ends</label>
            <input
              id={ids.ends}
              type="datetime-local"
              value={ends}
              onChange={(e) => setEnds(e.target.value)}
              required
            />
            {fieldError("ends_at")}
          </div>
        </div>
      ) : (
        <div className="row wrap">
          <div className="field">
            <label htmlFor={ids.schedule}>Schedule (cron)</label>
            <input id={ids.schedule} value={schedule} onChange={(e) => setSchedule(e.target.value)} required />
            {fieldError("schedule")}
          </div>
          <div className="field">
            <label htmlFor={ids.timezone}>Time zone</label>
            <input id={ids.timezone} value={timezone} onChange={(e) => setTimezone(e.target.value)} required />
            {fieldError("timezone")}
          </div>
          <div className="field">
            <label htmlFor={ids.duration}>Duration (minutes)</label>
            <input
              id={ids.duration}
              type="number"
              min={MIN_MAINTENANCE_RUN_MINUTES}
              max={MAX_MAINTENANCE_DURATION_MINUTES}
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
              required
            />
            {fieldError("duration_minutes")}
          </div>
        </div>
      )}
      <div className="stack">
        <h3>Targets</h3>
        <p className="muted small-text">
          A project covers its cron monitors and services, including those added to it later.
        </p>
        <TargetGroup
          legend="Projects"
          testId="maintenance-projects"
          items={projects.data?.data ?? []}
          value={picked.projects}
          onChange={(v) => setPicked({ ...picked, projects: v })}
        />
        <TargetGroup
          legend="Cron monitors"
          testId="maintenance-monitors"
          items={monitors.data?.data ?? []}
          value={picked.monitors}
          onChange={(v) => setPicked({ ...picked, monitors: v })}
        />
        <TargetGroup
          legend="Services"
          testId="maintenance-services"
          items={services.data?.data ?? []}
          value={picked.services}
          onChange={(v) => setPicked({ ...picked, services: v })}
        />
        {fieldError("targets") ??
          fieldError("targets.project_ids") ??
          fieldError("targets.cron_monitor_ids") ??
          fieldError("targets.service_ids")}
      </div>
      {create.error && !Object.keys(errors).length && (
        <p className="error" role="alert">
          {errorText(create.error)}
        </p>
      )}
      <div className="row">
        <SubmitButton disabled={create.isPending}>{create.isPending ? "Scheduling…" : "Schedule window"}</SubmitButton>
      </div>
    </form>
  );
}
