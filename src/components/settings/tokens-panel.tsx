"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { TOKEN_CAPABILITIES } from "../../shared/capabilities";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { ConfirmButton } from "../common/confirm-button";
import { CopyButton } from "../common/copy-button";
import { errorText } from "../common/errors";
import { SubmitButton } from "../common/submit-button";

type Cap = (typeof TOKEN_CAPABILITIES)[number];
const DEFAULT_CAPABILITIES: readonly Cap[] = ["cronmonitor.view", "cronmonitor.edit"];

/** Service tokens of an organization: a new token is shown once, with a copy button; revoke. */
export function TokensPanel({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.orgs.serviceTokens.queryOptions({ slug }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.orgs.serviceTokens.queryKey({ slug }) });
  const [secret, setSecret] = useState<string | null>(null);
  // The form's fields are read when it is submitted: what was typed before hydration counts.
  const create = useMutation({
    mutationFn: (form: HTMLFormElement) => {
      const data = new FormData(form);
      const capabilities = data.getAll("capability").map(String) as Cap[];
      return client.orgs.createServiceToken.mutate({ slug, name: String(data.get("name") ?? ""), capabilities });
    },
    onSuccess: (r, form) => {
      setSecret(r.data.token);
      form.reset();
      return refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => client.orgs.revokeServiceToken.mutate({ slug, id }),
    onSettled: refresh,
  });

  return (
    <div className="stack">
      <h3 className="h3">Service tokens</h3>
      {secret && (
        <div className="card stack" role="status">
          <p>
            <strong>Copy this token now: it is shown only once.</strong>
          </p>
          <code className="ping-url" data-testid="new-token">
            {secret}
          </code>
          <div className="row">
            <CopyButton text={secret} label="Copy token" />
            <button type="button" className="secondary small" onClick={() => setSecret(null)}>
              Done
            </button>
          </div>
        </div>
      )}
      <ul className="stack" aria-label="Service tokens" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {(tokens.data?.data ?? []).map((t) => (
          <li key={t.id} className="row between wrap" data-testid="token-row">
            <span>
              <strong>{t.name}</strong> <span className="muted small-text">{t.capabilities.join(", ")}</span>
            </span>
            <ConfirmButton
              label={`Revoke ${t.name}`}
              title={`Revoke ${t.name}?`}
              confirmLabel="Revoke token"
              danger
              onConfirm={() => revoke.mutate(t.id)}
            >
              <p>Jobs using this token are refused at once.</p>
            </ConfirmButton>
          </li>
        ))}
        {tokens.isSuccess && tokens.data.data.length === 0 && <li className="muted">No service tokens.</li>}
      </ul>
      <form
        className="stack"
        onSubmit={(e: FormEvent<HTMLFormElement>) => {
          e.preventDefault();
          create.mutate(e.currentTarget);
        }}
      >
        <label>
          Token name
          <input name="name" required maxLength={128} />
        </label>
        <fieldset className="row wrap">
          <legend>Capabilities</legend>
          {TOKEN_CAPABILITIES.map((c) => (
            <label key={c} className="check">
              <input type="checkbox" name="capability" value={c} defaultChecked={DEFAULT_CAPABILITIES.includes(c)} />
              {c}
            </label>
          ))}
        </fieldset>
        <div>
          <SubmitButton className="secondary" disabled={create.isPending}>
            Create token
          </SubmitButton>
        </div>
      </form>
      {(tokens.error ?? create.error ?? revoke.error) && (
        <p className="error" role="alert">
          {errorText(tokens.error ?? create.error ?? revoke.error)}
        </p>
      )}
    </div>
  );
}
