"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { errorText } from "../common/errors";
import { SecurityKeys } from "./security-keys";
import { SubmitButton } from "../common/submit-button";

/**
 * Two-factor sign-in: enrol an authenticator app (the QR code and secret shown once, confirmed by a
 * first code), add and remove security keys (security-keys.tsx), see the recovery codes once, remove
 * the app with a fresh code (docs/api-auth.md).
 */
export function TwoFactorSection() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.twoFactor.status.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.twoFactor.pathKey() });
  const [enrolment, setEnrolment] = useState<{ secret: string; qr_svg: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const start = useMutation({
    mutationFn: () => client.twoFactor.startTotp.mutate(),
    onSuccess: (r) => {
      setEnrolment(r.data);
      setCodes(null);
    },
  });
  const confirm = useMutation({
    mutationFn: () => client.twoFactor.confirmTotp.mutate({ code }),
    onSuccess: (r) => {
      setEnrolment(null);
      setCode("");
      setCodes(r.data.recovery_codes.length ? r.data.recovery_codes : null);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => client.twoFactor.removeTotp.mutate({ code }),
    onSuccess: () => {
      setCode("");
      setCodes(null);
      void refresh();
    },
  });
  const data = status.data?.data;

  return (
    <section className="card stack" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="h3">
        Two-factor sign-in
      </h2>
      {!data ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : (
        <p className="muted" role="status">
          {data.totp
            ? `Authenticator app enrolled. ${data.recovery_codes_left} recovery codes left.`
            : data.enabled
              ? `Sign-in asks for a security key. ${data.recovery_codes_left} recovery codes left.`
              : "Sign-in asks only for your password. Add an authenticator app or a security key to ask for a second factor too."}
        </p>
      )}
      {codes && (
        <div className="stack">
          <h3 className="h4">Recovery codes</h3>
          <p>Keep these somewhere safe: each works once, and they are not shown again.</p>
          <ul className="recovery-codes" aria-label="Recovery codes">
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {data && !data.totp && !enrolment && (
        <button type="button" onClick={() => start.mutate()} disabled={start.isPending}>
          Set up an authenticator app
        </button>
      )}
      {enrolment && (
        <form
          className="stack"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            confirm.mutate();
          }}
        >
          <p>Scan this code with your authenticator app, or type the secret in. It is shown only now.</p>
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qr_svg)}`}
            alt="QR code of the authenticator app's secret"
            width={200}
            height={200}
          />
          <p>
            Secret: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <label>
            Code from the app
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              value={code}
              onChange={(e) => setCode(e.target.value.trim())}
              required
            />
          </label>
          {confirm.isError && (
            <p className="error" role="alert">
              {errorText(confirm.error)}
            </p>
          )}
          <SubmitButton disabled={confirm.isPending}>Confirm</SubmitButton>
        </form>
      )}
      {data && <SecurityKeys keys={data.security_keys} onChanged={() => void refresh()} onCodes={(c) => setCodes(c)} />}
      {data?.totp && (
        <form
          className="stack"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            remove.mutate();
          }}
        >
          <label>
            Current code (to remove the app)
            <input
              name="remove-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value.trim())}
              required
            />
          </label>
          {remove.isError && (
            <p className="error" role="alert">
              {errorText(remove.error)}
            </p>
          )}
          <SubmitButton className="danger" disabled={remove.isPending}>
            Remove the authenticator app
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
