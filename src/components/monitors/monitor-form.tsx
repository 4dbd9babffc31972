"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import type { CronMonitor } from "../../shared/schemas/cron-monitors";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { errorText, fieldErrors } from "../common/errors";
import { SubmitButton } from "../common/submit-button";
import { DriftFields } from "./drift-fields";
import { RuleFields } from "./rule-fields";
import { DurationField, Field } from "./fields";
import { IntegrationFields } from "./integration-fields";
import { DependsOnFields } from "../common/depends-on-fields";
import { bodyOf, draftFrom, scheduleDraftOf, type MonitorDraft } from "./monitor-draft";
import { computePreview } from "./preview-model";
import { ScheduleFields } from "./schedule-fields";
import { SchedulePreview } from "./schedule-preview";
import { useProjects } from "./use-projects";

/** Create (no `monitor`) or edit a cron monitor, with the live schedule preview beside the form. */
export function MonitorForm({ monitor }: { monitor?: CronMonitor }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const router = useRouter();
  const { projects } = useProjects();
  const [draft, setDraft] = useState<MonitorDraft>(() => draftFrom(monitor, "UTC"));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // The browser's zone is only known in the browser: default to it after the first render. One
  // throw-away preview warms the engine (cron descriptions, zone formatters) so keystrokes stay fast.
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
    computePreview({ kind: "cron", cron: "30 2 * * 1-5", timezone: zone, periodSeconds: null }, new Date());
    if (!monitor) setDraft((d) => ({ ...d, timezone: zone }));
  }, [monitor]);

  const preview = useMemo(
    () => computePreview(scheduleDraftOf(draft), new Date()),
    [draft.kind, draft.cron, draft.timezone, draft.period.amount, draft.period.unit],
  ); // eslint-disable-line react-hooks/exhaustive-deps

  const update = (changes: Partial<MonitorDraft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    setServerErrors({});
  };

  const save = useMutation({
    mutationFn: async (d: MonitorDraft) => {
      const body = bodyOf(d);
      return monitor
        ? client.cronMonitors.update.mutate({ id: monitor.id, ...body })
        : client.cronMonitors.create.mutate(body);
    },
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: trpc.cronMonitors.pathKey() });
      router.push(`/monitors/${result.data.id}`);
    },
    onError: (err) => {
      const byField = fieldErrors(err);
      setServerErrors(Object.fromEntries(Object.entries(byField).map(([k, v]) => [k, `Not saved: ${v}`])));
      setFormError(
        Object.keys(byField).length ? "Not saved: check the fields marked below." : `Not saved: ${errorText(err)}`,
      );
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    save.mutate(draft);
  }

  const previewError = (field: string) =>
    !preview.ok && preview.field === field ? `${preview.generic} ${preview.message} (${preview.code})` : undefined;
  const errorFor = (field: string) => serverErrors[field] ?? previewError(field);
  const notOnOneField = !preview.ok && (preview.field === null || preview.field === "schedule_kind");
  const generalScheduleError =
    serverErrors.schedule ?? (notOnOneField ? `${preview.generic} ${preview.message} (${preview.code})` : undefined);

  return (
    <div className="form-layout">
      <form className="stack card" onSubmit={onSubmit} aria-label={monitor ? "Edit monitor" : "New monitor"} noValidate>
        <Field label="Name" error={serverErrors.name}>
          {({ id, describedBy }) => (
            <input
              id={id}
              value={draft.name}
              required
              maxLength={128}
              aria-describedby={describedBy}
              onChange={(e) => update({ name: e.target.value })}
            />
          )}
        </Field>
        <Field label="Project" error={serverErrors.project_id}>
          {({ id, describedBy }) => (
            <select
              id={id}
              value={draft.projectId}
              aria-describedby={describedBy}
              onChange={(e) => update({ projectId: e.target.value })}
            >
              <option value="">No project</option>
              {projects.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ScheduleFields draft={draft} update={update} errorFor={errorFor}>
          <SchedulePreview preview={preview} />
        </ScheduleFields>
        {generalScheduleError && (
          <p className="error" role="alert">
            {generalScheduleError}
          </p>
        )}
        <DurationField
          label="Grace"
          amount={draft.grace.amount}
          unit={draft.grace.unit}
          error={serverErrors.grace_seconds}
          hint="How long after the expected time a ping may still arrive (at least 1 minute)."
          onChange={(amount, unit) => update({ grace: { amount, unit } })}
        />
        <DurationField
          label="Max runtime"
          optional
          amount={draft.maxRuntime.amount}
          unit={draft.maxRuntime.unit}
          error={serverErrors.max_runtime_seconds}
          hint="Leave empty for no limit."
          onChange={(amount, unit) => update({ maxRuntime: { amount, unit } })}
        />
        <DriftFields draft={draft} update={update} errors={serverErrors} />
        <RuleFields draft={draft} update={update} errors={serverErrors} />
        <IntegrationFields
          selected={draft.integrationIds}
          onChange={(integrationIds) => update({ integrationIds })}
          error={serverErrors.integration_ids}
        />
        <DependsOnFields
          self={monitor ? { type: "cron_monitor", id: monitor.id } : null}
          selected={draft.dependsOn}
          onChange={(dependsOn) => update({ dependsOn })}
          error={
            serverErrors.depends_on ??
            serverErrors["depends_on.cron_monitor_ids"] ??
            serverErrors["depends_on.service_ids"]
          }
        />
        {formError && (
          <p className="error" role="alert">
            {formError}
          </p>
        )}
        <div className="row">
          <SubmitButton disabled={save.isPending}>
            {save.isPending ? "Saving…" : monitor ? "Save changes" : "Create monitor"}
          </SubmitButton>
          <button type="button" className="secondary" onClick={() => router.back()}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
