"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { ConfirmButton } from "../common/confirm-button";
import { errorText } from "../common/errors";
import { SubmitButton } from "../common/submit-button";

type SsoRole = "admin" | "member" | "viewer";
const SSO_ROLES: SsoRole[] = ["admin", "member", "viewer"];

/** `ops-admins = admin` lines <-> the role map. */
const mapToText = (map: Record<string, string>) =>
  Object.entries(map)
    .map(([k, v]) => `${k} = ${v}`)
    .join("\n");
function textToMap(text: string): Record<string, SsoRole> {
  const map: Record<string, SsoRole> = {};
  for (const line of text.split("\n")) {
    const [value, role] = line.split("=").map((p) => p.trim());
    if (value && role && (SSO_ROLES as string[]).includes(role)) map[value] = role as SsoRole;
  }
  return map;
}

/**
 * An organization's sign-in rules (owners and admins): requiring a second factor of its members,
 * and single sign-on with its OpenID Connect issuer (the client secret is written, never shown).
 */
export function OrgSecurityPanel({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const security = useQuery(trpc.orgs.security.queryOptions({ slug }));
  const sso = useQuery(trpc.orgs.sso.queryOptions({ slug }));
  const setSecurity = useMutation({
    mutationFn: (require_two_factor: boolean) => client.orgs.setSecurity.mutate({ slug, require_two_factor }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.orgs.security.queryKey({ slug }) }),
  });

  const [form, setForm] = useState({
    issuer: "",
    client_id: "",
    client_secret: "",
    default_role: "member" as SsoRole,
    role_claim: "",
    role_map: "",
    require_sso: false,
  });
  const current = sso.data?.data;
  useEffect(() => {
    if (!current) return;
    setForm({
      issuer: current.issuer ?? "",
      client_id: current.client_id ?? "",
      client_secret: "",
      default_role: current.default_role,
      role_claim: current.role_claim ?? "",
      role_map: mapToText(current.role_map),
      require_sso: current.require_sso,
    });
  }, [current]);
  const refreshSso = () => queryClient.invalidateQueries({ queryKey: trpc.orgs.sso.queryKey({ slug }) });
  const saveSso = useMutation({
    mutationFn: () =>
      client.orgs.setSso.mutate({
        slug,
        issuer: form.issuer.trim(),
        client_id: form.client_id.trim(),
        client_secret: form.client_secret || undefined,
        default_role: form.default_role,
        role_claim: form.role_claim.trim() || null,
        role_map: textToMap(form.role_map),
        require_sso: form.require_sso,
      }),
    onSuccess: refreshSso,
  });
  const removeSso = useMutation({ mutationFn: () => client.orgs.removeSso.mutate({ slug }), onSuccess: refreshSso });
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const failure = setSecurity.error ?? saveSso.error ?? removeSso.error;

  return (
    <div className="stack">
      <h3 className="h3">Sign-in rules</h3>
      <label className="row tight">
        <input
          type="checkbox"
          checked={security.data?.data.require_two_factor ?? false}
          disabled={!security.data || setSecurity.isPending}
          onChange={(e) => setSecurity.mutate(e.target.checked)}
        />
        Require two-factor sign-in of every member
      </label>
      <form
        className="stack"
        aria-label="Single sign-on"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          saveSso.mutate();
        }}
      >
        <h4>Single sign-on (OpenID Connect)</h4>
        {current && (
          <p className="muted small-text">
            Redirect URI to register at your identity provider:{" "}
            <code style={{ overflowWrap: "anywhere" }}>{current.redirect_uri}</code>
          </p>
        )}
        <label>
          Issuer URL
          <input type="url" value={form.issuer} onChange={(e) => set({ issuer: e.target.value })} required />
        </label>
        <label>
          Client ID
          <input value={form.client_id} onChange={(e) => set({ client_id: e.target.value })} required />
        </label>
        <label>
          Client secret{current?.client_secret_set ? " (stored; leave empty to keep it)" : ""}
          <input
            type="password"
            autoComplete="off"
            value={form.client_secret}
            onChange={(e) => set({ client_secret: e.target.value })}
            required={!current?.client_secret_set}
          />
        </label>
        <label>
          Role of new members
          <select value={form.default_role} onChange={(e) => set({ default_role: e.target.value as SsoRole })}>
            {SSO_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label>
          Role claim (optional, e.g. groups)
          <input value={form.role_claim} onChange={(e) => set({ role_claim: e.target.value })} />
        </label>
        <label>
          Claim values to roles, one per line (ops-admins = admin)
          <textarea rows={3} value={form.role_map} onChange={(e) => set({ role_map: e.target.value })} />
        </label>
        <label className="row tight">
          <input type="checkbox" checked={form.require_sso} onChange={(e) => set({ require_sso: e.target.checked })} />
          Require single sign-on (members who used it can no longer sign in with a password; owners can)
        </label>
        <div className="row wrap">
          <SubmitButton disabled={saveSso.isPending}>Save single sign-on</SubmitButton>
          {current?.enabled && (
            <ConfirmButton
              label="Turn single sign-on off"
              title="Turn single sign-on off?"
              confirmLabel="Turn off"
              danger
              onConfirm={() => removeSso.mutate()}
            >
              <p>Members created by single sign-on keep their accounts but cannot sign in until it is back.</p>
            </ConfirmButton>
          )}
        </div>
        {saveSso.isSuccess && (
          <p className="muted" role="status">
            Single sign-on saved.
          </p>
        )}
      </form>
      {failure && (
        <p className="error" role="alert">
          {errorText(failure)}
        </p>
      )}
    </div>
  );
}
