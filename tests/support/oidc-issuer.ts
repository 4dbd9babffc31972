import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID Connect issuer on loopback (the `oidc-provider` library) for single sign-on tests:
 * one confidential client, PKCE required, its development login page (any login name is an account
 * whose claims come from `accounts`), claims in the ID token.
 */
export type TestIssuer = { issuer: string; close: () => Promise<void> };

export async function startIssuer(opts: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: Record<string, Record<string, unknown>>;
  /** A port chosen beforehand (a server configured with the issuer's URL before it starts); default: any. */
  port?: number;
}): Promise<TestIssuer> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "groups"],
    },
    conformIdTokenClaims: false,
    cookies: { keys: ["lifeline-test-issuer"] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx: unknown, sub: string) => {
      const claims = opts.accounts[sub];
      return claims ? { accountId: sub, claims: () => ({ sub, ...claims }) } : undefined;
    },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser without a screen: a cookie jar per origin, redirects followed by hand. */
export function cookieBrowser() {
  const jars = new Map<string, Map<string, string>>();
  const jar = (url: string) => {
    const origin = new URL(url).origin;
    if (!jars.has(origin)) jars.set(origin, new Map());
    return jars.get(origin)!;
  };
  async function request(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const cookies = jar(url);
    const res = await fetch(url, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      redirect: "manual",
      headers: {
        ...init.headers,
        ...(init.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: init.form ? new URLSearchParams(init.form) : undefined,
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(set)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  }
  /** Follows redirects from `url` while they stay on `within` (an origin); answers the last response and its URL. */
  async function follow(url: string, init: Parameters<typeof request>[1] = {}, stopAt?: string) {
    let res = await request(url, init);
    let at = url;
    while (res.status >= 300 && res.status < 400 && res.headers.get("location")) {
      const next = new URL(res.headers.get("location")!, at).toString();
      if (stopAt && next.startsWith(stopAt)) return { res, at: next };
      at = next;
      res = await request(at);
    }
    return { res, at };
  }
  return { request, follow, cookies: (url: string) => jar(url) };
}
