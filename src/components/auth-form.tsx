"use client";

import { signIn } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { useTRPCClient } from "../trpc/react";

/** Sign-in and registration: both end in a next-auth credentials sign-in against the same users. */
export function AuthForm({ mode }: { mode: "login" | "register" }) {
  const router = useRouter();
  const client = useTRPCClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Until React has hydrated the form, a click would submit it natively: keep the button disabled.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    setBusy(true);
    setError(null);
    try {
      if (mode === "register") await client.auth.register.mutate({ email, password });
      // A throttled sign-in answers 429 with the standard error body, which next-auth's client
      // cannot read (it throws): say what it means.
      const result = await signIn("credentials", { email, password, redirect: false }).catch(() => {
        throw new Error("Too many failed attempts; wait a few minutes and try again");
      });
      if (!result || result.error) throw new Error("Invalid email or password");
      router.push("/monitors");
      router.refresh();
    } catch (err) {
      setError(friendly(err));
      setBusy(false);
    }
  }

  const title = mode === "login" ? "Sign in to Lifeline" : "Create your Lifeline account";
  return (
    <main className="auth-page">
      <div className="card">
        <h1>{title}</h1>
        <form className="stack" onSubmit={onSubmit} noValidate={false}>
          <label>
            Email
            <input name="email" type="email" autoComplete="email" required />
          </label>
          <label>
            Password
            <input
              name="password"
              type="password"
              autoComplete={mode === "login" ? "current-password" : "new-password"}
              minLength={mode === "register" ? 10 : undefined}
              required
            />
          </label>
          {mode === "register" && <p className="muted">At least 10 characters.</p>}
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" disabled={busy || !hydrated}>
            {mode === "login" ? "Sign in" : "Create account"}
          </button>
        </form>
        <p className="muted">
          {mode === "login" ? (
            <>
              No account yet? <Link href="/register">Create one</Link>
            </>
          ) : (
            <>
              Have an account? <Link href="/login">Sign in</Link>
            </>
          )}
        </p>
      </div>
    </main>
  );
}

function friendly(err: unknown): string {
  const data = (err as { data?: { details?: Record<string, string[]> } })?.data;
  const first = data?.details ? Object.values(data.details)[0]?.[0] : undefined;
  if (first) return first;
  return err instanceof Error && err.message ? err.message : "Something went wrong; please try again";
}
