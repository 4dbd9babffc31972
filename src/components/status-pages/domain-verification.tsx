"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { CustomDomainVerification } from "../../shared/schemas/status-pages";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { CopyButton } from "../common/copy-button";
import { errorText } from "../common/errors";
import { RelativeTime } from "../common/relative-time";

/**
 * Tokens issued in this browser tab, by page id: a token is shown once (in the answer of the save
 * that issued it), and a new page's editor opens after that answer. Kept in memory only.
 */
const issued = new Map<number, string>();
export const rememberIssuedToken = (pageId: number, v: CustomDomainVerification | null | undefined) => {
  if (v?.record_value) issued.set(pageId, v.record_value);
};

const ERROR_WORDS: Record<NonNullable<CustomDomainVerification["error"]>, string> = {
  token_not_found: "The record was not found, or it does not hold this page's token.",
  held_by_another:
    "The record holds this page's token, and also the token of the page that serves the domain now: remove that one.",
  lookup_failed: "The DNS lookup failed (timeout or server failure); it is tried again.",
};

/** A custom domain's state, the DNS record to create, "Verify now" and "New token" (docs/api-status-pages.md). */
export function DomainVerification({
  pageId,
  verification,
}: {
  pageId: number;
  verification: CustomDomainVerification;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [state, setState] = useState(verification);
  const [token, setToken] = useState(verification.record_value ?? issued.get(pageId) ?? null);
  const after = async (v: CustomDomainVerification) => {
    setState(v);
    await queryClient.invalidateQueries({ queryKey: trpc.statusPages.pathKey() });
  };
  const verify = useMutation({
    mutationFn: () => client.statusPages.verifyDomain.mutate({ id: pageId }),
    onSuccess: (res) => after(res.data),
  });
  const newToken = useMutation({
    mutationFn: () => client.statusPages.issueDomainToken.mutate({ id: pageId }),
    onSuccess: (res) => {
      rememberIssuedToken(pageId, res.data);
      setToken(res.data.record_value);
      return after(res.data);
    },
  });
  const verified = state.status === "verified";

  return (
    <section className="card stack" aria-labelledby="domain-verification">
      <h2 id="domain-verification">Custom domain {state.domain}</h2>
      <p role="status">
        {verified ? (
          <>
            Verified: the page is served at {state.domain} (checked <RelativeTime iso={state.checked_at} />
            ).
          </>
        ) : (
          "Not verified: the domain serves nothing until its DNS record is seen."
        )}
      </p>
      {!verified && (
        <>
          <p>Create this DNS record at the domain&apos;s DNS provider, then verify:</p>
          <dl className="stack">
            <dt>Name</dt>
            <dd>
              <code>{state.record_name}</code> <CopyButton text={state.record_name} />
            </dd>
            <dt>Type</dt>
            <dd>
              <code>TXT</code>
            </dd>
            <dt>Value</dt>
            <dd>
              {token ? (
                <>
                  <code>{token}</code> <CopyButton text={token} />
                  <br />
                  <span className="muted">Shown this once: copy it now.</span>
                </>
              ) : state.token_issued ? (
                <span className="muted">
                  The token shown when the domain was set (it is not shown again). Lost it? Ask for a new one.
                </span>
              ) : (
                <span className="muted">No token yet: ask for one.</span>
              )}
            </dd>
          </dl>
          {state.error && state.checked_at && (
            <p className="error">
              Last check (<RelativeTime iso={state.checked_at} />
              ): {ERROR_WORDS[state.error]}
            </p>
          )}
        </>
      )}
      <div className="row wrap">
        {state.token_issued && (
          <button type="button" onClick={() => verify.mutate()} disabled={verify.isPending}>
            {verify.isPending ? "Checking…" : "Verify now"}
          </button>
        )}
        {!verified && (
          <button type="button" className="secondary" onClick={() => newToken.mutate()} disabled={newToken.isPending}>
            New token
          </button>
        )}
      </div>
      {(verify.error || newToken.error) && (
        <p className="error" role="alert">
          {errorText(verify.error ?? newToken.error)}
        </p>
      )}
    </section>
  );
}
