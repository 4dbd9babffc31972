"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPCClient } from "../../trpc/react";
import { errorText } from "../common/errors";
import { createCredential, getCredential, keyErrorText } from "../common/webauthn";
import { SubmitButton } from "../common/submit-button";

type Key = { id: number; name: string; created_at: string; last_used_at: string | null };

/**
 * Security keys and passkeys (WebAuthn): add one under a name (the browser asks the key), list them,
 * remove one after a fresh second factor: a security key, or a code typed in instead.
 */
export function SecurityKeys({
  keys,
  onChanged,
  onCodes,
}: {
  keys: Key[];
  onChanged: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const client = useTRPCClient();
  const [name, setName] = useState("");
  const [code, setCode] = useState("");
  const add = useMutation({
    mutationFn: async () => {
      const { data } = await client.twoFactor.keyRegistrationOptions.mutate();
      const response = await createCredential(data.options);
      return client.twoFactor.registerKey.mutate({ challenge: data.challenge, name, response: response as never });
    },
    onSuccess: (r) => {
      setName("");
      if (r.data.recovery_codes.length) onCodes(r.data.recovery_codes);
      onChanged();
    },
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      const typed = code.trim();
      if (typed) {
        const proof = /^\d{6}$/.test(typed) ? { code: typed } : { recovery_code: typed };
        return client.twoFactor.removeKey.mutate({ id, ...proof });
      }
      const { data } = await client.twoFactor.keyChallenge.mutate();
      const response = await getCredential(data.options);
      return client.twoFactor.removeKey.mutate({
        id,
        security_key: { challenge: data.challenge, response: response as never },
      });
    },
    onSuccess: () => {
      setCode("");
      onChanged();
    },
  });

  return (
    <div className="stack">
      <h3 className="h4">Security keys and passkeys</h3>
      {keys.length > 0 ? (
        <ul className="stack" aria-label="Security keys">
          {keys.map((k) => (
            <li key={k.id} className="row">
              <span>
                {k.name}{" "}
                <span className="muted">
                  added {k.created_at.slice(0, 10)}
                  {k.last_used_at ? `, last used ${k.last_used_at.slice(0, 10)}` : ", never used"}
                </span>
              </span>
              <button
                type="button"
                className="danger"
                onClick={() => remove.mutate(k.id)}
                disabled={remove.isPending}
                aria-label={`Remove security key ${k.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No security key yet.</p>
      )}
      {keys.length > 0 && (
        <label>
          Code or recovery code (to remove a key without a security key)
          <input
            name="key-remove-code"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </label>
      )}
      {remove.isError && (
        <p className="error" role="alert">
          {keyErrorText(remove.error) ?? errorText(remove.error)}
        </p>
      )}
      <form
        className="stack"
        aria-label="Add a security key"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <label>
          Name of the key
          <input
            name="key-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. YubiKey on my keyring"
            maxLength={100}
          />
        </label>
        {add.isError && (
          <p className="error" role="alert">
            {keyErrorText(add.error) ?? errorText(add.error)}
          </p>
        )}
        <SubmitButton disabled={add.isPending}>Add a security key</SubmitButton>
      </form>
    </div>
  );
}
