import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { dashboardCookie, trpcQuery } from "../support/dashboard";
import { cookieBrowser, startIssuer, type TestIssuer } from "../support/oidc-issuer";

// Single sign-on with OpenID Connect against a real issuer (oidc-provider) on loopback: the
// organization's settings, a member created just in time with the role its groups map to, an
// existing account linked only from its own signed-in browser, require_sso refusing the password of
// a linked member, and an authorization response from another issuer refused.

const CLIENT_ID = "lifeline-test";
const CLIENT_SECRET = `client-secret-${crypto.randomUUID()}`;
const tag = crypto.randomUUID().slice(0, 8);
const accounts: Record<string, Record<string, unknown>> = {
  alice: { email: `alice-${tag}@corp.example`, email_verified: true, given_name: "Alice", groups: ["ops-admins"] },
  bob: { email: `bob-${tag}@corp.example`, email_verified: true, groups: ["staff"] },
  mallory: { email: "", email_verified: true },
};

let owner: TestUser;
let issuerA: TestIssuer;
let issuerB: TestIssuer;
let redirectUri: string;

const ssoSettings = (issuer: string, extra: Record<string, unknown> = {}) => ({
  issuer,
  client_id: CLIENT_ID,
  client_secret: CLIENT_SECRET,
  default_role: "viewer",
  role_claim: "groups",
  role_map: { "ops-admins": "admin", staff: "member" },
  ...extra,
});

beforeAll(async () => {
  owner = await registerUser("sso-owner");
  const before = await call("GET", `/orgs/${owner.orgSlug}/sso`, { token: owner.access });
  expect(before.status).toBe(200);
  redirectUri = before.body.data.redirect_uri;
  expect(redirectUri).toBe(`${baseUrl()}/api/auth/callback/sso-${owner.orgSlug}`);
  const client = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [redirectUri], accounts };
  [issuerA, issuerB] = await Promise.all([startIssuer(client), startIssuer(client)]);
  const set = await call("PUT", `/orgs/${owner.orgSlug}/sso`, {
    token: owner.access,
    body: ssoSettings(issuerA.issuer),
  });
  expect(set.status).toBe(200);
});

afterAll(async () => {
  await Promise.all([issuerA?.close(), issuerB?.close()]);
});

/**
 * Signs in through the organization's issuer as `login` (its development login page and consent),
 * from a browser that may already carry a Lifeline cookie; answers where Lifeline's callback sent it
 * and the session cookie, if one was set. `issuer` swaps the issuer the browser is sent to.
 */
async function ssoSignIn(login: string, opts: { cookie?: string; issuer?: string } = {}) {
  const browser = cookieBrowser();
  const lifeline = baseUrl();
  if (opts.cookie) {
    const [name, value] = opts.cookie.split(/=(.*)/s);
    browser.cookies(lifeline).set(name!, value!);
  }
  const csrf = await browser.request(`${lifeline}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const start = await browser.request(`${lifeline}/api/auth/signin/sso-${owner.orgSlug}`, {
    form: { csrfToken, callbackUrl: `${lifeline}/`, json: "true" },
  });
  expect(start.status).toBe(200);
  let authorize = ((await start.json()) as { url: string }).url;
  expect(authorize.startsWith(`${issuerA.issuer}/auth?`)).toBe(true);
  const query = new URL(authorize).searchParams;
  expect(query.get("code_challenge_method")).toBe("S256");
  expect(query.get("state")).toBeTruthy();
  if (opts.issuer) authorize = authorize.replace(issuerA.issuer, opts.issuer);

  const loginPage = await browser.follow(authorize);
  expect(await loginPage.res.text()).toContain('name="login"');
  const consent = await browser.follow(loginPage.at, { form: { prompt: "login", login, password: "any" } });
  const back = await browser.follow(consent.at, { form: { prompt: "consent" } }, redirectUri);
  expect(back.at.startsWith(redirectUri)).toBe(true);
  let done = await browser.request(back.at);
  // next-auth's own error and sign-in routes send a failed callback on to the sign-in page.
  for (let hops = 0; hops < 3 && done.headers.get("location")?.startsWith(`${lifeline}/api/auth/`); hops++) {
    done = await browser.request(done.headers.get("location")!);
  }
  const session = browser.cookies(lifeline).get("next-auth.session-token");
  return {
    location: done.headers.get("location") ?? "",
    cookie: session ? `next-auth.session-token=${session}` : null,
  };
}

async function memberRole(email: string): Promise<string | undefined> {
  const list = await call("GET", `/orgs/${owner.orgSlug}/members`, { token: owner.access });
  return list.body.data.find((m: { email: string }) => m.email === email)?.role;
}

describe("single sign-on with OpenID Connect", () => {
  it("answers the settings to owners without the client secret, and refuses them to members", async () => {
    const read = await call("GET", `/orgs/${owner.orgSlug}/sso`, { token: owner.access });
    expect(read.body.data).toMatchObject({
      enabled: true,
      issuer: issuerA.issuer,
      client_id: CLIENT_ID,
      client_secret_set: true,
      default_role: "viewer",
      role_claim: "groups",
      require_sso: false,
    });
    expect(read.text).not.toContain(CLIENT_SECRET);
    const member = await registerUser("sso-member");
    await call("POST", `/orgs/${owner.orgSlug}/members`, {
      token: owner.access,
      body: { email: member.email, role: "member" },
    });
    expectStandardError(
      await call("GET", `/orgs/${member.orgSlug}/sso`.replace(member.orgSlug, owner.orgSlug), { token: member.access }),
      403,
      "FORBIDDEN",
    );
    const owned = await call("PUT", `/orgs/${owner.orgSlug}/sso`, {
      token: member.access,
      body: ssoSettings(issuerB.issuer),
    });
    expectStandardError(owned, 403, "FORBIDDEN");
    const bad = await call("PUT", `/orgs/${owner.orgSlug}/sso`, {
      token: owner.access,
      body: { ...ssoSettings("ftp://issuer.example"), default_role: "owner" },
    });
    expectStandardError(bad, 400, "VALIDATION_ERROR");
    expect(Object.keys(bad.body.error.details).sort()).toEqual(["default_role", "issuer"]);
  });

  it("creates a member on first sign-in with the role the groups claim maps to, and signs them in again", async () => {
    const first = await ssoSignIn("alice");
    expect(first.cookie).not.toBeNull();
    expect(first.location).toBe(`${baseUrl()}/`);
    expect(await memberRole(accounts.alice!.email as string)).toBe("admin");
    const me = await trpcQuery(baseUrl(), "auth.me", undefined, { cookie: first.cookie! });
    expect(me.status).toBe(200);
    expect(me.body.result.data.data).toMatchObject({
      email: accounts.alice!.email,
      default_org: { slug: owner.orgSlug },
    });

    const again = await ssoSignIn("alice");
    expect(again.cookie).not.toBeNull();
    const members = await call("GET", `/orgs/${owner.orgSlug}/members`, { token: owner.access });
    expect(members.body.data.filter((m: { email: string }) => m.email === accounts.alice!.email)).toHaveLength(1);
  });

  it("refuses an identity without an email", async () => {
    const refused = await ssoSignIn("mallory");
    expect(refused.cookie).toBeNull();
    expect(refused.location).toBe(`${baseUrl()}/login?error=SsoRefused&reason=no_email`);
  });

  it("links an existing account only from a browser signed in as it; then require_sso refuses its password", async () => {
    const bobUser = await registerUser("sso-bob");
    // The issuer's bob has the same email as this registered account.
    accounts.bob!.email = bobUser.email;
    await call("POST", `/orgs/${owner.orgSlug}/members`, {
      token: owner.access,
      body: { email: bobUser.email, role: "viewer" },
    });

    const stranger = await ssoSignIn("bob");
    expect(stranger.cookie).toBeNull();
    expect(stranger.location).toBe(`${baseUrl()}/login?error=SsoRefused&reason=account_exists`);

    const own = await dashboardCookie(baseUrl(), bobUser.email, bobUser.password);
    const linked = await ssoSignIn("bob", { cookie: own });
    expect(linked.cookie).not.toBeNull();
    expect(await memberRole(bobUser.email)).toBe("viewer"); // an existing member keeps their role

    const on = await call("PUT", `/orgs/${owner.orgSlug}/sso`, {
      token: owner.access,
      body: { ...ssoSettings(issuerA.issuer), client_secret: undefined, require_sso: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.data.require_sso).toBe(true);

    const password = await call("POST", "/auth/login", { body: { email: bobUser.email, password: bobUser.password } });
    expectStandardError(password, 403, "SSO_REQUIRED");
    const wrong = await call("POST", "/auth/login", { body: { email: bobUser.email, password: "not the password" } });
    expectStandardError(wrong, 401, "UNAUTHORIZED"); // only a right password learns of single sign-on
    await expect(dashboardCookie(baseUrl(), bobUser.email, bobUser.password)).rejects.toThrow(/403/);
    expect((await ssoSignIn("bob")).cookie).not.toBeNull();
    // The owner keeps their password; service tokens are not people.
    expect((await call("POST", "/auth/login", { body: { email: owner.email, password: owner.password } })).status).toBe(
      200,
    );
    const token = await call("POST", `/orgs/${owner.orgSlug}/service-tokens`, {
      token: owner.access,
      body: { name: "ci", capabilities: ["cronmonitor.view"] },
    });
    const listed = await call("GET", "/cron-monitors", { token: token.body.data.token });
    expect(listed.status).toBe(200);
  });

  it("refuses an authorization response from another issuer", async () => {
    const other = await ssoSignIn("alice", { issuer: issuerB.issuer });
    expect(other.cookie).toBeNull();
    expect(other.location).toMatch(/^(http:\/\/127\.0\.0\.1:\d+)?\/login\?(.*&)?error=OAuthCallback$/);
  });
});
