import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { call, registerUser, type TestUser } from "../support/http";
import { databaseKind, databaseUrl } from "../support/db";
import { startLifeline, type Lifeline } from "../support/lifeline";
import { cookieBrowser, startIssuer, type TestIssuer } from "../support/oidc-issuer";
import { freePort } from "../support/ports";

// Single sign-on configured by the operator (SSO_ISSUER, SSO_CLIENT_ID, SSO_CLIENT_SECRET): a
// Lifeline started with them signs members of an organization without settings of its own in
// through that issuer (oidc-provider on loopback), creating them with SSO_DEFAULT_ROLE.

const CLIENT_ID = "lifeline-operator";
const CLIENT_SECRET = `operator-secret-${crypto.randomUUID()}`;
const tag = crypto.randomUUID().slice(0, 8);
const carol = `carol-${tag}@corp.example`;

let lifeline: Lifeline;
let issuer: TestIssuer;
let owner: TestUser;
let api: string;

beforeAll(async () => {
  const issuerPort = await freePort();
  lifeline = await startLifeline({
    ...(databaseKind() === "postgresql" ? { DATABASE_URL: databaseUrl() } : {}),
    OUTBOUND_ALLOW_PRIVATE: "true", // the issuer listens on loopback
    SSO_ISSUER: `http://127.0.0.1:${issuerPort}`,
    SSO_CLIENT_ID: CLIENT_ID,
    SSO_CLIENT_SECRET: CLIENT_SECRET,
    SSO_DEFAULT_ROLE: "viewer",
  });
  api = `${lifeline.baseUrl}/api/v1`;
  owner = await registerUser("operator-sso-owner", api);
  issuer = await startIssuer({
    port: issuerPort,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [`${lifeline.baseUrl}/api/auth/callback/sso-${owner.orgSlug}`],
    accounts: { carol: { email: carol, email_verified: true } },
  });
}, 120_000);

afterAll(async () => {
  await issuer?.close();
  await lifeline?.stop();
});

describe("operator single sign-on by environment", () => {
  it("signs a new member of an organization without its own settings in through the operator's issuer", async () => {
    const settings = await call("GET", `${api}/orgs/${owner.orgSlug}/sso`, { token: owner.access });
    expect(settings.status).toBe(200);
    expect(settings.body.data).toMatchObject({ enabled: false, operator_sso: true });
    expect(settings.text).not.toContain(CLIENT_SECRET);

    const browser = cookieBrowser();
    const base = lifeline.baseUrl;
    const { csrfToken } = (await (await browser.request(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
    const start = await browser.request(`${base}/api/auth/signin/sso-${owner.orgSlug}`, {
      form: { csrfToken, callbackUrl: `${base}/`, json: "true" },
    });
    expect(start.status).toBe(200);
    const authorize = ((await start.json()) as { url: string }).url;
    expect(authorize.startsWith(`${issuer.issuer}/auth?`)).toBe(true);
    expect(new URL(authorize).searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(new URL(authorize).searchParams.get("code_challenge_method")).toBe("S256");
    const redirectUri = `${base}/api/auth/callback/sso-${owner.orgSlug}`;
    const loginPage = await browser.follow(authorize);
    const consent = await browser.follow(loginPage.at, { form: { prompt: "login", login: "carol", password: "any" } });
    const back = await browser.follow(consent.at, { form: { prompt: "consent" } }, redirectUri);
    expect(back.at.startsWith(redirectUri)).toBe(true);
    await browser.request(back.at);
    expect(browser.cookies(base).get("next-auth.session-token")).toBeTruthy();

    const members = await call("GET", `${api}/orgs/${owner.orgSlug}/members`, { token: owner.access });
    expect(members.body.data.find((m: { email: string }) => m.email === carol)).toMatchObject({ role: "viewer" });
  });
});
