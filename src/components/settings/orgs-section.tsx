"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { errorText } from "../common/errors";
import { MembersPanel } from "./members-panel";
import { TokensPanel } from "./tokens-panel";
import { OrgSecurityPanel } from "./org-security-panel";
import { SubmitButton } from "../common/submit-button";

/** Your organizations with your role; members and service tokens of the one you open. */
export function OrgsSection() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const orgs = useQuery(trpc.orgs.list.queryOptions());
  const [open, setOpen] = useState<string | null>(null);
  const [name, setName] = useState("");
  const create = useMutation({
    mutationFn: () => client.orgs.create.mutate({ name }),
    onSuccess: (r) => {
      setName("");
      setOpen(r.data.slug);
      return queryClient.invalidateQueries({ queryKey: trpc.orgs.list.queryKey() });
    },
  });
  const list = orgs.data?.data ?? [];
  const chosen = list.find((o) => o.slug === open) ?? list[0];
  const canManage = chosen?.role === "owner" || chosen?.role === "admin";

  return (
    <section className="card stack" aria-labelledby="orgs-title">
      <h2 id="orgs-title" className="h3">
        Organizations
      </h2>
      {orgs.isLoading && (
        <p className="muted" role="status">
          Loading organizations…
        </p>
      )}
      <div className="row wrap tight" role="group" aria-label="Organizations">
        {list.map((o) => (
          <button
            key={o.slug}
            type="button"
            className="secondary small"
            aria-pressed={o.slug === chosen?.slug}
            onClick={() => setOpen(o.slug)}
          >
            {o.name} ({o.role}, {o.plan})
          </button>
        ))}
      </div>
      {chosen && <MembersPanel key={`m-${chosen.slug}`} slug={chosen.slug} canManage={canManage} />}
      {chosen && canManage && <TokensPanel key={`t-${chosen.slug}`} slug={chosen.slug} />}
      {chosen && canManage && <OrgSecurityPanel key={`s-${chosen.slug}`} slug={chosen.slug} />}
      <form
        className="row wrap"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <label>
          New organization name
          <input value={name} required maxLength={128} onChange={(e) => setName(e.target.value)} />
        </label>
        <SubmitButton className="secondary" disabled={create.isPending}>
          Create organization
        </SubmitButton>
      </form>
      {(orgs.error ?? create.error) && (
        <p className="error" role="alert">
          {errorText(orgs.error ?? create.error)}
        </p>
      )}
    </section>
  );
}
