"use client";

import { useQuery } from "@tanstack/react-query";
import { PrefetchLink } from "../common/prefetch-link";
import { useTRPC } from "../../trpc/react";
import { errorText } from "../common/errors";
import { FieldError } from "./fields";
import { kindOf } from "../../shared/notification-kinds";

type Props = { selected: number[]; onChange: (ids: number[]) => void; error?: string };

/** Which integrations this monitor notifies; none chosen means the organization's defaults. */
export function IntegrationFields({ selected, onChange, error }: Props) {
  const trpc = useTRPC();
  const list = useQuery({
    ...trpc.integrations.list.queryOptions({ page: 1, limit: 100 }),
    refetchOnWindowFocus: false,
  });
  const rows = list.data?.data ?? [];
  const defaults = rows.filter((i) => i.is_default).map((i) => i.name);
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);

  return (
    <fieldset className="stack" aria-describedby="integrations-note" aria-invalid={error ? true : undefined}>
      <legend>Integrations</legend>
      {list.isLoading && (
        <p className="muted" role="status">
          Loading integrations…
        </p>
      )}
      {list.isError && (
        <p className="error" role="alert">
          {errorText(list.error)}
        </p>
      )}
      {list.isSuccess && rows.length === 0 && (
        <p className="muted">
          No integrations yet. <PrefetchLink href="/settings">Add one in Settings</PrefetchLink>.
        </p>
      )}
      {rows.length > 0 && (
        <div className="integration-choices">
          {rows.map((i) => (
            <label key={i.id} className="check">
              <input type="checkbox" checked={selected.includes(i.id)} onChange={() => toggle(i.id)} />
              {i.name}{" "}
              <span className="muted small-text">
                ({kindOf(i.kind).label}
                {i.is_default ? ", default" : ""})
              </span>
            </label>
          ))}
        </div>
      )}
      <p id="integrations-note" className="muted small-text">
        None selected means the organization&apos;s default integrations
        {defaults.length ? ` (${defaults.join(", ")})` : " (none set)"} are notified.
      </p>
      <FieldError id="integrations-error" message={error} />
    </fieldset>
  );
}
