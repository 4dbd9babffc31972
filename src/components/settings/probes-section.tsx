"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { ConfirmButton } from "../common/confirm-button";
import { errorText, fieldErrors } from "../common/errors";
import { RelativeTime } from "../common/relative-time";
import { Field } from "../monitors/fields";
import { ProbeTokenNotice } from "./probes-token";
import { TableScroll } from "../common/table-scroll";
import { SubmitButton } from "../common/submit-button";

const REFRESH_MS = 10_000;

function appCodeOf(err: unknown): string | undefined {
  return (err as { data?: { appCode?: string } } | null)?.data?.appCode;
}

function detailsOf(err: unknown): Record<string, string[]> {
  return (err as { data?: { details?: Record<string, string[]> } } | null)?.data?.details ?? {};
}

/** Probes: the platform's and your organizations' private ones, their health; register, rotate, delete. */
export function ProbesSection() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const probes = useQuery({ ...trpc.probes.list.queryOptions({}), refetchInterval: REFRESH_MS });
  const health = useQuery({ ...trpc.probes.healthSummary.queryOptions({}), refetchInterval: REFRESH_MS });
  const current = useQuery(trpc.orgs.current.queryOptions());
  const org = current.data?.data;
  const canManage = org?.role === "owner" || org?.role === "admin";
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.probes.pathKey() });

  const [name, setName] = useState("");
  const [location, setLocation] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [issued, setIssued] = useState<{ name: string; token: string; rotated: boolean } | null>(null);
  const create = useMutation({
    mutationFn: () => client.probes.create.mutate({ name, ...(location.trim() ? { location } : {}) }),
    onMutate: () => {
      setErrors({});
      setIssued(null);
    },
    onSuccess: (r) => {
      setIssued({ name: r.data.name, token: r.data.token, rotated: false });
      setName("");
      setLocation("");
      return refresh();
    },
    onError: (err) => setErrors(fieldErrors(err)),
  });
  const rotate = useMutation({
    mutationFn: (id: number) => client.probes.rotateToken.mutate({ id }),
    onMutate: () => setIssued(null),
    onSuccess: (r) => {
      setIssued({ name: r.data.name, token: r.data.token, rotated: true });
      return refresh();
    },
  });
  // A probe in use is refused (409 naming its services); the dialog below names them and only then deletes with force.
  const [inUse, setInUse] = useState<{ id: number; name: string; services: string[] } | null>(null);
  const remove = useMutation({
    mutationFn: (p: { id: number; name: string; force: boolean }) =>
      client.probes.delete.mutate({ id: p.id, ...(p.force ? { force: "true" as const } : {}) }),
    onMutate: () => setInUse(null),
    onError: (err, p) => {
      if (appCodeOf(err) === "CONFLICT") setInUse({ id: p.id, name: p.name, services: detailsOf(err).services ?? [] });
    },
    onSettled: refresh,
  });

  const healthById = new Map((health.data?.data ?? []).map((h) => [h.id, h]));
  const rows = probes.data?.data ?? [];
  const planLimited = appCodeOf(create.error) === "PLAN_LIMIT_REACHED";
  const createFailure =
    create.error && !planLimited && Object.keys(errors).length === 0 ? errorText(create.error) : null;
  const otherFailure = probes.error ?? rotate.error ?? (appCodeOf(remove.error) === "CONFLICT" ? null : remove.error);

  return (
    <section className="card stack" aria-labelledby="probes-title">
      <h2 id="probes-title" className="h3">
        Probes
      </h2>
      <p className="muted small-text">
        Probes run the checks of your services. Platform probes check every service that names no probe; a private probe
        runs inside your own network with its token.
      </p>
      {issued && (
        <ProbeTokenNotice
          probeName={issued.name}
          token={issued.token}
          rotated={issued.rotated}
          onDone={() => setIssued(null)}
        />
      )}
      {probes.isLoading ? (
        <p className="muted" role="status">
          Loading probes…
        </p>
      ) : rows.length === 0 ? (
        <p className="muted">No probes yet.</p>
      ) : (
        <TableScroll label="Probes table">
          <table className="data" aria-label="Probes">
            <thead>
              <tr>
                <th scope="col">Probe</th>
                <th scope="col">Health</th>
                <th scope="col">Last seen</th>
                <th scope="col">Checks per minute</th>
                <th scope="col">Lag</th>
                <th scope="col">Version</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => {
                const h = healthById.get(p.id);
                const mine = canManage && p.kind === "private" && p.org === org?.slug;
                return (
                  <tr key={p.id} data-testid="probe-row" data-probe-id={p.id}>
                    <th scope="row" style={{ fontWeight: 600 }}>
                      <span data-testid="probe-name">{p.name}</span>
                      <br />
                      <span className="muted small-text" style={{ fontWeight: 400 }}>
                        {p.kind === "platform" ? "Platform" : `Private, ${p.org}`}
                        {p.location ? ` · ${p.location}` : ""}
                      </span>
                    </th>
                    <td>
                      {!h ? (
                        <span className="muted">—</span>
                      ) : h.online ? (
                        <span className="badge state-up" data-testid="probe-health">
                          <span aria-hidden="true">●</span> Online
                        </span>
                      ) : (
                        <span className="badge state-paused" data-testid="probe-health">
                          <span aria-hidden="true">○</span> {h.last_seen_at ? "Offline" : "Never seen"}
                        </span>
                      )}
                    </td>
                    <td>
                      <RelativeTime iso={h?.last_seen_at ?? p.last_seen_at} />
                    </td>
                    <td>{h ? h.checks_per_minute : "—"}</td>
                    <td>{h ? `${h.lag_seconds} s` : "—"}</td>
                    <td>{p.version ?? <span className="muted">—</span>}</td>
                    <td>
                      {mine && (
                        <div className="row tight wrap">
                          <ConfirmButton
                            label={`Rotate the token of ${p.name}`}
                            text="Rotate token"
                            small
                            title={`Rotate the token of ${p.name}?`}
                            confirmLabel="Rotate now"
                            disabled={rotate.isPending}
                            onConfirm={() => rotate.mutate(p.id)}
                          >
                            <p>
                              The current token is refused at once: the probe stops until it is given the new one, which
                              is shown once.
                            </p>
                          </ConfirmButton>
                          <ConfirmButton
                            label={`Delete ${p.name}`}
                            text="Delete"
                            small
                            title={`Delete probe ${p.name}?`}
                            confirmLabel="Delete probe"
                            danger
                            disabled={remove.isPending}
                            onConfirm={() => remove.mutate({ id: p.id, name: p.name, force: false })}
                          >
                            <p>
                              Its token is refused at once. If services use it, you are asked again, with their names.
                              This cannot be undone.
                            </p>
                          </ConfirmButton>
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      {inUse && (
        <div className="card stack" role="alertdialog" aria-labelledby="probe-in-use-title" data-testid="probe-in-use">
          <h3 id="probe-in-use-title" className="h3">
            Probe {inUse.name} checks these services
          </h3>
          <ul>
            {inUse.services.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
          <p>
            Deleting it moves them to the platform probes: they show pending until their next check, with the reason on
            each.
          </p>
          <div className="row end">
            <button type="button" className="secondary" onClick={() => setInUse(null)}>
              Keep the probe
            </button>
            <button
              type="button"
              className="danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ id: inUse.id, name: inUse.name, force: true })}
            >
              Move them and delete {inUse.name}
            </button>
          </div>
        </div>
      )}
      {otherFailure && (
        <p className="error" role="alert">
          {errorText(otherFailure)}
        </p>
      )}
      {canManage ? (
        <section className="stack" aria-labelledby="new-probe-title">
          <h3 id="new-probe-title" className="h3">
            Register a private probe
          </h3>
          {org && (
            <p className="muted small-text">
              It belongs to {org.name}, the organization you work in (Team plan and above).
            </p>
          )}
          <form
            className="stack"
            aria-label="Register a private probe"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              create.mutate();
            }}
          >
            <div className="filters">
              <Field label="Probe name" error={errors.name}>
                {({ id, describedBy }) => (
                  <input
                    id={id}
                    value={name}
                    required
                    maxLength={100}
                    aria-describedby={describedBy}
                    aria-invalid={errors.name ? true : undefined}
                    onChange={(e) => setName(e.target.value)}
                  />
                )}
              </Field>
              <Field
                label="Location (optional)"
                error={errors.location}
                hint="Where it runs, for example Frankfurt office"
              >
                {({ id, describedBy }) => (
                  <input
                    id={id}
                    value={location}
                    maxLength={100}
                    aria-describedby={describedBy}
                    aria-invalid={errors.location ? true : undefined}
                    onChange={(e) => setLocation(e.target.value)}
                  />
                )}
              </Field>
            </div>
            <div>
              <SubmitButton className="secondary" disabled={create.isPending}>
                {create.isPending ? "Registering…" : "Register probe"}
              </SubmitButton>
            </div>
          </form>
          {planLimited && (
            <p className="error" role="alert" data-testid="probe-plan-limit">
              Private probes need the Team plan or above
              {org ? `; ${org.name} is on the ${org.plan[0]!.toUpperCase()}${org.plan.slice(1)} plan` : ""}. Ask for an
              upgrade to register one; platform probes keep checking your services meanwhile.
            </p>
          )}
          {createFailure && (
            <p className="error" role="alert">
              Not registered: {createFailure}
            </p>
          )}
        </section>
      ) : (
        org && (
          <p className="muted small-text">Only owners and admins of {org.name} can register and manage its probes.</p>
        )
      )}
    </section>
  );
}
