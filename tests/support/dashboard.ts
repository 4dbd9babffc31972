/** The dashboard's tRPC face over real HTTP, signed in through next-auth's credentials flow. */
export type TrpcAnswer = { status: number; body: any; text: string };

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
}

/** Signs in as next-auth's sign-in form does and returns the Cookie header of the session. */
export async function dashboardCookie(
  baseUrl: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const csrfRes = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const jar = cookiesOf(csrfRes);
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    // A `cookie` in `headers` (a device cookie) goes beside the CSRF cookie, not instead of it.
    headers: {
      ...headers,
      "content-type": "application/x-www-form-urlencoded",
      cookie: [...jar, ...(headers.cookie ? [headers.cookie] : [])].join("; "),
    },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = cookiesOf(res).find((c) => c.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`dashboard sign-in failed: ${res.status}`);
  return session;
}

async function answer(res: Response): Promise<TrpcAnswer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, text };
}

export async function trpcQuery(
  baseUrl: string,
  proc: string,
  input: unknown,
  headers: Record<string, string> = {},
): Promise<TrpcAnswer> {
  const q = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return answer(await fetch(`${baseUrl}/api/trpc/${proc}${q}`, { headers }));
}

export async function trpcMutation(
  baseUrl: string,
  proc: string,
  body: string | unknown,
  headers: Record<string, string> = {},
): Promise<TrpcAnswer> {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  return answer(
    await fetch(`${baseUrl}/api/trpc/${proc}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: raw,
    }),
  );
}
