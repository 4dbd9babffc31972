"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { BadgeView } from "../../shared/schemas/badges";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { ConfirmButton } from "../common/confirm-button";
import { CopyButton } from "../common/copy-button";
import { errorText } from "../common/errors";
import { SubmitButton } from "../common/submit-button";

type Target = { type: "cron_monitor" | "service"; id: number; name: string };

const FORMS = [
  { key: "svg", words: "SVG image" },
  { key: "json", words: "JSON" },
  { key: "shields", words: "shields.io endpoint" },
] as const;

/** The badge's own path, so the preview loads from this origin (the page's CSP allows images from 'self'). */
const samePath = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

/**
 * Badges of one cron monitor or service: issue one (optional label, all states or up/down only), see
 * its URLs with copy buttons and a preview, revoke it (its URLs answer 404 at once).
 */
export function BadgesCard({ target }: { target: Target }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [label, setLabel] = useState("");
  const [upDown, setUpDown] = useState(false);
  const list = useQuery(trpc.badges.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.badges.pathKey() });
  const create = useMutation({
    mutationFn: () =>
      client.badges.create.mutate({
        ...(target.type === "cron_monitor" ? { cron_monitor_id: target.id } : { service_id: target.id }),
        ...(label.trim() ? { label: label.trim() } : {}),
        states: upDown ? "up_down" : "all",
      }),
    onSuccess: async () => {
      setLabel("");
      setUpDown(false);
      await refresh();
    },
  });
  const revoke = useMutation({ mutationFn: (id: number) => client.badges.delete.mutate({ id }), onSettled: refresh });
  const mine = (list.data?.data ?? []).filter((b) => b.target.type === target.type && b.target.id === target.id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };

  return (
    <section className="card stack" aria-labelledby={titleId} data-testid="badges">
      <h2 id={titleId} className="h3">
        Badges
      </h2>
      <p className="muted small-text">
        A badge shows this {target.type === "service" ? "service" : "monitor"}’s status to anyone with its URL (for a
        README or a wiki). Its key leads to nothing else.
      </p>
      <form className="row wrap" style={{ alignItems: "flex-end" }} onSubmit={submit} aria-label="New badge">
        <label>
          Label (optional)
          <input value={label} maxLength={64} placeholder={target.name} onChange={(e) => setLabel(e.target.value)} />
        </label>
        <label className="check">
          <input type="checkbox" checked={upDown} onChange={(e) => setUpDown(e.target.checked)} />
          Up/down only (late shows as up)
        </label>
        <SubmitButton disabled={create.isPending}>Create badge</SubmitButton>
      </form>
      {(list.error ?? create.error ?? revoke.error) && (
        <p className="error" role="alert">
          {errorText(list.error ?? create.error ?? revoke.error)}
        </p>
      )}
      {list.isLoading ? (
        <p className="muted" role="status">
          Loading badges…
        </p>
      ) : mine.length === 0 ? (
        <p className="muted">No badges yet.</p>
      ) : (
        <ul className="monitor-list" aria-label="Badges">
          {mine.map((b) => (
            <BadgeItem key={b.id} badge={b} onRevoke={() => revoke.mutate(b.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BadgeItem({ badge, onRevoke }: { badge: BadgeView; onRevoke: () => void }) {
  return (
    <li
      className="stack"
      data-testid="badge-item"
      style={{ borderTop: "1px solid var(--border)", paddingTop: "0.75rem" }}
    >
      <div className="row between wrap">
        <span className="row tight wrap" style={{ minWidth: 0, maxWidth: "100%" }}>
          {/* A long label makes a wide SVG: it shrinks to the card on a narrow screen. */}
          {/* eslint-disable-next-line @next/next/no-img-element -- an SVG of the server's own, sized by its text */}
          <img
            src={samePath(badge.urls.svg)}
            alt={`Badge preview: ${badge.label}`}
            style={{ maxWidth: "100%", height: "auto" }}
            data-testid="badge-preview"
          />
          <span className="muted small-text">{badge.states === "up_down" ? "Up/down only" : "Up, late, down"}</span>
        </span>
        <ConfirmButton
          label={`Revoke badge ${badge.label}`}
          text="Revoke"
          small
          title={`Revoke badge ${badge.label}?`}
          confirmLabel="Revoke badge"
          danger
          onConfirm={onRevoke}
        >
          <p>Its URLs answer “not found” at once, wherever the badge is shown.</p>
        </ConfirmButton>
      </div>
      <dl className="facts">
        {FORMS.map((f) => (
          <div key={f.key}>
            <dt>{f.words}</dt>
            <dd className="row tight wrap">
              <code style={{ overflowWrap: "anywhere", minWidth: 0 }} data-testid={`badge-url-${f.key}`}>
                {badge.urls[f.key]}
              </code>
              <CopyButton text={badge.urls[f.key]} label={`Copy ${f.words} URL`} />
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
