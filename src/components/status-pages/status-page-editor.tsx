"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PrefetchLink } from "../common/prefetch-link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { StatusPageView } from "../../shared/schemas/status-pages";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { ConfirmButton } from "../common/confirm-button";
import { errorText, fieldErrors } from "../common/errors";
import { PICKER_PAGE } from "../first-screen";
import { Field } from "../monitors/fields";
import { ComponentsEditor, type ComponentDraft } from "./components-editor";
import { DomainVerification, rememberIssuedToken } from "./domain-verification";
import { VISIBILITY_WORDS } from "./status-page-list";
import { SubmitButton } from "../common/submit-button";

/** Create a status page (no `id`) or edit one: its fields, its components, delete it. */
export function StatusPageEditor({ id }: { id?: number }) {
  const trpc = useTRPC();
  const page = useQuery({
    ...trpc.statusPages.get.queryOptions({ id: id ?? 1 }),
    enabled: id !== undefined,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  if (id === undefined) return <StatusPageForm />;
  if (page.isLoading)
    return (
      <p role="status" className="muted">
        Loading status page…
      </p>
    );
  if (page.isError || !page.data) {
    return (
      <section className="stack-lg">
        <p>
          <PrefetchLink href="/status-pages">← Status pages</PrefetchLink>
        </p>
        <h1>Status page not found</h1>
        <p className="error" role="alert">
          {errorText(page.error)}
        </p>
      </section>
    );
  }
  return <StatusPageForm key={page.data.data.id} initial={page.data.data} />;
}

function StatusPageForm({ initial }: { initial?: StatusPageView }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const router = useRouter();
  const monitors = useQuery(trpc.cronMonitors.list.queryOptions(PICKER_PAGE));
  const services = useQuery(trpc.services.list.queryOptions(PICKER_PAGE));
  const [v, setV] = useState({
    slug: initial?.slug ?? "",
    title: initial?.title ?? "",
    description: initial?.description ?? "",
    visibility: initial?.visibility ?? ("public" as StatusPageView["visibility"]),
    password: "",
    custom_domain: initial?.custom_domain ?? "",
    show_uptime: initial?.show_uptime ?? true,
  });
  const [components, setComponents] = useState<ComponentDraft[]>(
    (initial?.components ?? []).map((c) => ({
      type: c.type,
      id: c.id,
      name: c.name ?? c.display_name ?? `#${c.id}`,
      display_name: c.display_name ?? "",
      group: c.group ?? "",
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const set = (c: Partial<typeof v>) => setV((x) => ({ ...x, ...c }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.statusPages.pathKey() });
  const remove = useMutation({
    mutationFn: () => client.statusPages.delete.mutate({ id: initial!.id }),
    onSuccess: async () => {
      await refresh();
      router.push("/status-pages");
    },
  });

  function body() {
    return {
      slug: v.slug,
      title: v.title,
      description: v.description,
      visibility: v.visibility,
      show_uptime: v.show_uptime,
      custom_domain: v.custom_domain.trim() ? v.custom_domain.trim() : null,
      ...(v.password ? { password: v.password } : {}),
      components: components.map((c) => ({
        ...(c.type === "cron_monitor" ? { cron_monitor_id: c.id } : { service_id: c.id }),
        display_name: c.display_name.trim() || null,
        group: c.group.trim() || null,
      })),
    };
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    setSaved(false);
    try {
      if (initial) {
        const updated = await client.statusPages.update.mutate({ id: initial.id, ...body() });
        rememberIssuedToken(initial.id, updated.data.custom_domain_verification);
        set({ password: "" });
        setSaved(true);
        await refresh();
      } else {
        const created = await client.statusPages.create.mutate(body());
        rememberIssuedToken(created.data.id, created.data.custom_domain_verification);
        await refresh();
        router.push(`/status-pages/${created.data.id}`);
      }
    } catch (err) {
      const byField = fieldErrors(err);
      setErrors(byField);
      setFormError(
        Object.keys(byField).length ? "Not saved: check the fields marked below." : `Not saved: ${errorText(err)}`,
      );
    }
  }

  const input = (
    label: string,
    key: "slug" | "title" | "custom_domain" | "password",
    extra: Record<string, unknown> = {},
    hint?: string,
  ) => (
    <Field label={label} error={errors[key]} hint={hint}>
      {({ id, describedBy }) => (
        <input
          id={id}
          value={v[key]}
          aria-describedby={describedBy}
          aria-invalid={errors[key] ? true : undefined}
          onChange={(e) => set({ [key]: e.target.value })}
          {...extra}
        />
      )}
    </Field>
  );
  const candidates = <T extends { id: number; name: string }>(rows: T[] | undefined, type: ComponentDraft["type"]) =>
    (rows ?? []).map((r) => ({ type, id: r.id, name: r.name }));
  const title = initial ? `Edit ${initial.title}` : "New status page";

  return (
    <section className="stack-lg">
      <p>
        <PrefetchLink href="/status-pages">← Status pages</PrefetchLink>
      </p>
      <div className="row between wrap">
        <h1>{title}</h1>
        {initial && (
          <a href={initial.url} className="button secondary">
            Open the public page
          </a>
        )}
      </div>
      <form className="card stack" onSubmit={submit} aria-label={initial ? "Edit status page" : "New status page"}>
        <div className="filters">
          {input("Title", "title")}
          {input(
            "Slug",
            "slug",
            { autoCapitalize: "none", spellCheck: false },
            "Lowercase letters, digits and hyphens: the page is at /status/<slug>.",
          )}
          {input(
            "Custom domain (optional)",
            "custom_domain",
            { placeholder: "status.example.com", autoCapitalize: "none", spellCheck: false },
            "Point this host name at Lifeline; once a DNS TXT record (shown after saving) proves it is yours, the page is served at its root.",
          )}
          <Field label="Visibility" error={errors.visibility}>
            {({ id }) => (
              <select
                id={id}
                value={v.visibility}
                onChange={(e) => set({ visibility: e.target.value as typeof v.visibility })}
              >
                {(Object.keys(VISIBILITY_WORDS) as (keyof typeof VISIBILITY_WORDS)[]).map((k) => (
                  <option key={k} value={k}>
                    {VISIBILITY_WORDS[k]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {v.visibility === "password" &&
            input(
              initial?.has_password ? "New password (optional)" : "Password",
              "password",
              { type: "password", autoComplete: "new-password" },
              initial?.has_password
                ? "A password is set; leave empty to keep it. Never shown again."
                : "At least 8 characters. Never shown again.",
            )}
        </div>
        <Field label="Description (optional)" error={errors.description}>
          {({ id, describedBy }) => (
            <textarea
              id={id}
              rows={3}
              value={v.description}
              aria-describedby={describedBy}
              onChange={(e) => set({ description: e.target.value })}
            />
          )}
        </Field>
        <label className="check">
          <input type="checkbox" checked={v.show_uptime} onChange={(e) => set({ show_uptime: e.target.checked })} />
          Show uptime figures and daily bars
        </label>
        <ComponentsEditor
          value={components}
          onChange={setComponents}
          monitors={candidates(monitors.data?.data, "cron_monitor")}
          services={candidates(services.data?.data, "service")}
          errors={errors}
        />
        {formError && (
          <p className="error" role="alert">
            {formError}
          </p>
        )}
        {saved && <p role="status">Saved.</p>}
        <div className="row wrap">
          <SubmitButton>{initial ? "Save status page" : "Create status page"}</SubmitButton>
          {initial && (
            <ConfirmButton
              label="Delete status page"
              title={`Delete status page ${initial.title}?`}
              confirmLabel="Delete status page"
              danger
              onConfirm={() => remove.mutate()}
            >
              <p>Its public URL answers “not found” at once. The monitors and services on it are not changed.</p>
            </ConfirmButton>
          )}
        </div>
        {remove.error && (
          <p className="error" role="alert">
            {errorText(remove.error)}
          </p>
        )}
      </form>
      {initial?.custom_domain_verification && (
        <DomainVerification
          key={`${initial.custom_domain_verification.domain} ${initial.custom_domain_verification.status} ${initial.custom_domain_verification.token_issued}`}
          pageId={initial.id}
          verification={initial.custom_domain_verification}
        />
      )}
    </section>
  );
}
