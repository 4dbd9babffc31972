"use client";

import { getCsrfToken, signIn } from "next-auth/react";
import { PrefetchLink } from "./common/prefetch-link";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { useTRPCClient } from "../trpc/react";
import { SubmitButton } from "./common/submit-button";
import { getCredential, keyErrorText, webauthnAvailable } from "./common/webauthn";

/** Sign-in and registration: both end in a next-auth credentials sign-in against the same users. */
export function AuthForm({ mode }: { mode: "login" | "register" }) {
  const router = useRouter();
  const client = useTRPCClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The password was right and the account has a second factor: the form asks for a code next.
  const [secondStep, setSecondStep] = useState(false);
  // When the account has a security key: the options its second step gives the browser.
  const [keyOptions, setKeyOptions] = useState<Record<string, unknown> | null>(null);
  // Single sign-on: the organization's slug (prefilled by `?sso=`), and what a refused one said.
  const [ssoSlug, setSsoSlug] = useState("");
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    setSsoSlug(query.get("sso") ?? "");
    const refused = ssoError(query.get("error"), query.get("reason"));
    if (refused) setError(refused);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (secondStep) return submitCode(String(form.get("code") ?? "").trim());
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
      if (result?.error === "SsoRequired") throw new Error(SSO_REQUIRED);
      if (result?.error === "SecondFactorRequired") {
        setKeyOptions(await securityKeyOptions());
        setSecondStep(true);
        setBusy(false);
        return;
      }
      if (!result || result.error) throw new Error("Invalid email or password");
      router.push("/monitors");
      router.refresh();
    } catch (err) {
      setError(friendly(err));
      setBusy(false);
    }
  }

  /** The second step: a code of the authenticator app, or a recovery code (anything but six digits). */
  async function submitCode(code: string) {
    return submitProof(/^\d{6}$/.test(code) ? { code } : { recovery_code: code });
  }

  /** The second step with the security key: the browser asks the key to sign the sign-in's challenge. */
  async function answerWithSecurityKey() {
    if (!keyOptions) return;
    setError(null);
    let answer: Record<string, unknown>;
    try {
      answer = await getCredential(keyOptions);
    } catch (err) {
      setError(keyErrorText(err) ?? friendly(err));
      return;
    }
    return submitProof({ security_key: JSON.stringify(answer) });
  }

  async function submitProof(proof: Record<string, string>) {
    setBusy(true);
    setError(null);
    const result = await signIn("credentials", { ...proof, redirect: false }).catch(() => null);
    if (result && !result.error && result.ok) {
      router.push("/monitors");
      router.refresh();
      return;
    }
    setError(
      result
        ? proof.security_key
          ? "The security key's answer was not accepted; sign in with the password again"
          : "That code is not valid; try the next one"
        : "Too many failed attempts; wait a few minutes and try again",
    );
    setBusy(false);
  }

  /**
   * An organization's single sign-on: its provider is built per request on the server, so it is not
   * in next-auth's provider list that `signIn()` checks first. The sign-in route is asked for the
   * issuer's authorization URL (it sets the state and PKCE cookies) and the browser goes there.
   */
  async function onSso(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const slug = encodeURIComponent(ssoSlug.trim().toLowerCase());
    const res = await fetch(`/api/auth/signin/sso-${slug}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        csrfToken: (await getCsrfToken()) ?? "",
        callbackUrl: `${location.origin}/monitors`,
        json: "true",
      }),
    }).catch(() => null);
    const url = res?.ok ? ((await res.json()) as { url?: string }).url : undefined;
    // An organization without single sign-on answers next-auth's own sign-in page: say so here.
    if (!url || new URL(url, location.href).origin === location.origin) {
      setError(SSO_REFUSALS.not_configured!);
      setBusy(false);
      return;
    }
    location.assign(url);
  }

  const title = mode === "login" ? "Sign in to Lifeline" : "Create your Lifeline account";
  return (
    <main className="auth-page">
      <div className="card">
        <h1>{title}</h1>
        <form className="stack" onSubmit={onSubmit} noValidate={false}>
          {secondStep ? (
            <label>
              Authentication code
              <input name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus />
            </label>
          ) : null}
          {secondStep && (
            <p className="muted">Enter the code from your authenticator app, or one of your recovery codes.</p>
          )}
          {secondStep && keyOptions && (
            <button type="button" className="secondary" onClick={answerWithSecurityKey} disabled={busy}>
              Use your security key
            </button>
          )}
          <div hidden={secondStep} className="stack">
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
          </div>
          {mode === "register" && <p className="muted">At least 10 characters.</p>}
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          <SubmitButton disabled={busy}>
            {secondStep ? "Verify" : mode === "login" ? "Sign in" : "Create account"}
          </SubmitButton>
        </form>
        {mode === "login" && !secondStep && (
          <form className="stack" onSubmit={onSso} aria-label="Single sign-on">
            <label>
              Organization (single sign-on)
              <input
                name="organization"
                value={ssoSlug}
                onChange={(e) => setSsoSlug(e.target.value)}
                placeholder="your-organization"
                autoComplete="organization"
                required
              />
            </label>
            <SubmitButton className="secondary" disabled={busy}>
              Continue with single sign-on
            </SubmitButton>
          </form>
        )}
        <p className="muted">
          {mode === "login" ? (
            <>
              No account yet? <PrefetchLink href="/register">Create one</PrefetchLink>
            </>
          ) : (
            <>
              Have an account? <PrefetchLink href="/login">Sign in</PrefetchLink>
            </>
          )}
        </p>
      </div>
    </main>
  );
}

/** The second step's security key options, when the account has a key and this browser can use one. */
async function securityKeyOptions(): Promise<Record<string, unknown> | null> {
  if (!webauthnAvailable()) return null;
  const res = await fetch("/api/auth/second-factor/security-key", { cache: "no-store" }).catch(() => null);
  return res?.ok ? ((await res.json()) as { data: Record<string, unknown> }).data : null;
}

const SSO_REQUIRED = "Your organization requires single sign-on: sign in with it below";

const SSO_REFUSALS: Record<string, string> = {
  not_configured: "This organization has no single sign-on",
  no_email: "Your identity provider did not give a verified email",
  account_exists:
    "An account with your email exists: sign in with its password first, then with single sign-on to link it",
  already_linked: "This identity or account is already linked; sign in again",
  not_member: "Your account is no longer a member of this organization",
};

/** What a single sign-on that came back to this page refused, in words. */
function ssoError(error: string | null, reason: string | null): string | null {
  if (!error) return null;
  if (error === "SsoRefused") return SSO_REFUSALS[reason ?? ""] ?? "Single sign-on refused this sign-in";
  if (error === "SsoRequired") return SSO_REQUIRED;
  if (error === "SsoFailed" || error.startsWith("OAuth") || error === "Callback")
    return "Single sign-on did not complete; try again or ask your administrator";
  return null;
}

function friendly(err: unknown): string {
  const data = (err as { data?: { details?: Record<string, string[]> } })?.data;
  const first = data?.details ? Object.values(data.details)[0]?.[0] : undefined;
  if (first) return first;
  return err instanceof Error && err.message ? err.message : "Something went wrong; please try again";
}
