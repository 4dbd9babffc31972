"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { errorText, fieldErrors } from "../common/errors";
import { Field } from "../monitors/fields";
import { SubmitButton } from "../common/submit-button";

/** Profile (names) and password change. */
export function ProfileSection() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const profile = useQuery(trpc.users.profile.queryOptions());
  const [names, setNames] = useState<{ first_name: string; last_name: string } | null>(() =>
    profile.data ? { first_name: profile.data.data.first_name, last_name: profile.data.data.last_name } : null,
  );
  // The form starts from the stored names once they arrive; typing never gets overwritten.
  useEffect(() => {
    if (profile.data && names === null)
      setNames({ first_name: profile.data.data.first_name, last_name: profile.data.data.last_name });
  }, [profile.data, names]);
  const save = useMutation({
    mutationFn: () => client.users.updateProfile.mutate(names ?? {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() }),
  });
  const [passwords, setPasswords] = useState({ current_password: "", new_password: "" });
  const change = useMutation({
    mutationFn: () => client.users.changePassword.mutate(passwords),
    onSuccess: () => setPasswords({ current_password: "", new_password: "" }),
  });
  const pwErrors = fieldErrors(change.error);

  return (
    <section className="card stack" aria-labelledby="profile-title">
      <h2 id="profile-title" className="h3">
        Profile
      </h2>
      <p className="muted">{profile.data?.data.email ?? "…"}</p>
      {names === null ? (
        <p className="muted" role="status">
          Loading profile…
        </p>
      ) : (
        <form
          className="stack"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <div className="filters">
            <Field label="First name">
              {({ id }) => (
                <input
                  id={id}
                  value={names.first_name}
                  maxLength={100}
                  onChange={(e) => setNames({ ...names, first_name: e.target.value })}
                />
              )}
            </Field>
            <Field label="Last name">
              {({ id }) => (
                <input
                  id={id}
                  value={names.last_name}
                  maxLength={100}
                  onChange={(e) => setNames({ ...names, last_name: e.target.value })}
                />
              )}
            </Field>
          </div>
          {save.isError && (
            <p className="error" role="alert">
              {errorText(save.error)}
            </p>
          )}
          {save.isSuccess && (
            <p className="ok-text" role="status">
              Profile saved.
            </p>
          )}
          <div>
            <SubmitButton disabled={save.isPending}>Save profile</SubmitButton>
          </div>
        </form>
      )}
      <h3 className="h3">Change password</h3>
      <form
        className="stack"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          change.mutate();
        }}
      >
        <div className="filters">
          <Field label="Current password" error={pwErrors.current_password}>
            {({ id, describedBy }) => (
              <input
                id={id}
                type="password"
                autoComplete="current-password"
                value={passwords.current_password}
                aria-describedby={describedBy}
                onChange={(e) => setPasswords({ ...passwords, current_password: e.target.value })}
              />
            )}
          </Field>
          <Field
            label="New password"
            error={pwErrors.new_password}
            hint="At least 10 characters. Your other sessions are signed out."
          >
            {({ id, describedBy }) => (
              <input
                id={id}
                type="password"
                autoComplete="new-password"
                value={passwords.new_password}
                aria-describedby={describedBy}
                onChange={(e) => setPasswords({ ...passwords, new_password: e.target.value })}
              />
            )}
          </Field>
        </div>
        {change.isError && Object.keys(pwErrors).length === 0 && (
          <p className="error" role="alert">
            {errorText(change.error)}
          </p>
        )}
        {change.isSuccess && (
          <p className="ok-text" role="status">
            Password changed.
          </p>
        )}
        <div>
          <SubmitButton disabled={change.isPending}>Change password</SubmitButton>
        </div>
      </form>
    </section>
  );
}
