"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { CopyButton } from "../common/copy-button";
import { errorText } from "../common/errors";
import { Pager } from "../common/pager";
import { IntegrationForm } from "./integration-form";
import { IntegrationItem } from "./integration-item";
import { LIST_LIMIT } from "../first-screen";

/** The first page is answered during the server render (first-screen.ts). */
const LIMIT = LIST_LIMIT;

/** Integrations of the organization you act in: add (a webhook secret is shown once), edit, test, delete. */
export function IntegrationsSection() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const list = useQuery({
    ...trpc.integrations.list.queryOptions({ page, limit: LIMIT }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.integrations.pathKey() });
  const remove = useMutation({
    mutationFn: (id: number) => client.integrations.delete.mutate({ id }),
    onSettled: refresh,
  });
  const rows = list.data?.data ?? [];

  return (
    <section className="card stack" aria-labelledby="integrations-title">
      <div className="row between wrap">
        <h2 id="integrations-title" className="h3">
          Integrations
        </h2>
        {!creating && (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setCreating(true);
              setSecret(null);
            }}
          >
            New integration
          </button>
        )}
      </div>
      <p className="muted small-text">
        Where the notifications of the organization you work in go: webhooks, email, chat (Slack, Discord, Teams, Google
        Chat, Mattermost, Matrix, Telegram), push (ntfy, Gotify, Pushover) and on-call (PagerDuty, Opsgenie). Monitors
        that choose none notify the defaults.
      </p>
      {secret && (
        <div className="card stack" role="status">
          <p>
            <strong>Copy the signing secret of {secret.name} now: it is shown only once.</strong>
          </p>
          <code className="ping-url" data-testid="new-secret">
            {secret.value}
          </code>
          <div className="row">
            <CopyButton text={secret.value} label="Copy secret" />
            <button type="button" className="secondary small" onClick={() => setSecret(null)}>
              Done
            </button>
          </div>
        </div>
      )}
      {creating && (
        <section className="stack" aria-labelledby="new-integration">
          <h3 id="new-integration" className="h3">
            New integration
          </h3>
          <IntegrationForm
            submitLabel="Add integration"
            onCancel={() => setCreating(false)}
            onSubmit={async (v) => {
              const r = await client.integrations.create.mutate(v);
              setCreating(false);
              if (r.data.secret && !v.secret) setSecret({ name: r.data.name, value: r.data.secret }); // generated: shown in full once
              await refresh();
            }}
          />
        </section>
      )}
      {(list.error ?? remove.error) && (
        <p className="error" role="alert">
          {errorText(list.error ?? remove.error)}
        </p>
      )}
      {list.isLoading ? (
        <p className="muted" role="status">
          Loading integrations…
        </p>
      ) : rows.length === 0 ? (
        <p className="muted">No integrations yet. Incidents are then only shown here in the dashboard.</p>
      ) : (
        <ul className="integration-list" aria-label="Integrations">
          {rows.map((i) => (
            <IntegrationItem
              key={i.id}
              item={i}
              onDelete={() => remove.mutate(i.id)}
              onSave={async (v) => {
                const { kind: _kind, ...patch } = v; // the kind cannot change
                await client.integrations.update.mutate({ id: i.id, ...patch });
                await refresh();
              }}
            />
          ))}
        </ul>
      )}
      <Pager page={page} total={list.data?.meta.total ?? 0} limit={LIMIT} onPage={setPage} />
    </section>
  );
}
