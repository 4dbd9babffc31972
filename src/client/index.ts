import createClient, { type Client } from "openapi-fetch";
import type { components, operations, paths } from "./api-types";

/**
 * The typed client of Lifeline's REST API (`/api/v1`): one method per HTTP method, each typed by
 * the OpenAPI document's path, parameters, body and answers (src/client/api-types.ts, generated).
 *
 *   const api = lifelineClient({ url: "https://lifeline.example.com", token: process.env.LIFELINE_TOKEN });
 *   const { data } = await api.GET("/cron-monitors/{id}", { params: { path: { id: 7 } } });
 */
export type { components, operations, paths };
export type LifelineApi = Client<paths>;
export type Schemas = components["schemas"];

export type LifelineClientOptions = {
  /** The Lifeline's base URL (the API is under `/api/v1`). */
  url: string;
  /** A bearer credential: an organization service token or a user's access token. */
  token?: string;
  /** A user's refresh token, traded for access tokens as the client goes (instead of `token`). */
  refreshToken?: string;
  /** Each trade rotates the refresh token: the new one, to keep for the next run. */
  onRefreshToken?: (token: string) => void;
  /** The organization to act in (`X-Org-Slug`); default: the caller's own. */
  orgSlug?: string;
  fetch?: typeof fetch;
};

/** Access tokens live 15 minutes: a traded one is used for 10. */
const ACCESS_REUSE_MS = 10 * 60_000;

export function lifelineClient(options: LifelineClientOptions): LifelineApi {
  const baseUrl = `${options.url.replace(/\/+$/, "")}/api/v1`;
  const doFetch = options.fetch ?? globalThis.fetch;
  const client = createClient<paths>({ baseUrl, fetch: (req) => doFetch(req) });
  let access: { token: string; at: number } | null = null;
  let refresh = options.refreshToken;
  const bearer = async (): Promise<string | undefined> => {
    if (options.token || !refresh) return options.token;
    if (access && Date.now() - access.at < ACCESS_REUSE_MS) return access.token;
    const res = await doFetch(`${baseUrl}/auth/refresh`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh }),
    });
    if (!res.ok) throw new Error(`The refresh token was refused (${res.status})`);
    const body = (await res.json()) as { data: { access: string; refresh?: string } };
    access = { token: body.data.access, at: Date.now() };
    if (body.data.refresh) {
      refresh = body.data.refresh;
      options.onRefreshToken?.(refresh);
    }
    return access.token;
  };
  client.use({
    async onRequest({ request }) {
      const token = await bearer();
      if (token) request.headers.set("authorization", `Bearer ${token}`);
      if (options.orgSlug) request.headers.set("x-org-slug", options.orgSlug);
      return request;
    },
  });
  return client;
}
