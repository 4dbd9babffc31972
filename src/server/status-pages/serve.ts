import { publicStatus, type PageGate, type PublicStatus } from "../services/status-pages/public";
import { accessOf, isRateLimited, submitPassword } from "./gate";
import { renderMessage, renderPasswordForm, renderStatusHtml } from "./render-html";
import { renderStatusFeed } from "./render-feed";
import { takesSubscribers } from "../services/status-pages/subscribers";

export type StatusForm = "html" | "json" | "feed";

/** Public pages may be cached by browsers and proxies for the minute their data is cached for. */
const cacheHeader = (page: PageGate) => (page.visibility === "public" ? "public, max-age=60" : "private, no-store");

const HTML = "text/html; charset=utf-8";

/**
 * Bodies rendered and UTF-8 encoded once per built data object (the cache keeps the object until it
 * is rebuilt), so a busy page serializes and encodes its 50 x 90 bars once, not per request.
 */
const rendered = new WeakMap<PublicStatus, Map<string, Uint8Array<ArrayBuffer>>>();
const utf8 = new TextEncoder();
function once(data: PublicStatus, key: string, render: () => string): Uint8Array<ArrayBuffer> {
  let bodies = rendered.get(data);
  if (!bodies) rendered.set(data, (bodies = new Map()));
  let body = bodies.get(key);
  if (body === undefined) bodies.set(key, (body = utf8.encode(render())));
  return body;
}

export function notFoundAnswer(form: StatusForm): Response {
  if (form === "html")
    return new Response(renderMessage("Not found", "There is no status page here."), {
      status: 404,
      headers: { "Content-Type": HTML, "Cache-Control": "no-store" },
    });
  return Response.json(
    { error: { code: "NOT_FOUND", message: "Status page not found" } },
    { status: 404, headers: { "Cache-Control": "no-store" } },
  );
}

/** `base`: the page's path as requested (`/status/{slug}`, or `` at a custom domain's root). */
export async function serveStatus(page: PageGate, form: StatusForm, headers: Headers, base: string): Promise<Response> {
  const access = await accessOf(page, headers);
  if (access === "hidden") return notFoundAnswer(form);
  if (access === "password_needed") {
    if (form === "html") {
      return new Response(renderPasswordForm(base || "/", false), {
        status: 401,
        headers: { "Content-Type": HTML, "Cache-Control": "no-store" },
      });
    }
    return Response.json(
      { error: { code: "UNAUTHORIZED", message: "This status page needs its password" } },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  const read = await publicStatus(page.slug, new Date());
  if (!read) return notFoundAnswer(form);
  const data = read.value;
  // X-Cache: whether the data came from the per-process cache (hit) or was built for this request (miss).
  const common = { "Cache-Control": cacheHeader(page), Vary: "Cookie", "X-Cache": read.hit ? "hit" : "miss" };
  if (form === "json") {
    return new Response(
      once(data, "json", () => JSON.stringify(data)),
      { headers: { ...common, "Content-Type": "application/json" } },
    );
  }
  if (form === "feed") {
    // Every link of the feed from APP_URL (the page's `url`), whatever address the request came in by.
    return new Response(
      once(data, "feed", () => renderStatusFeed(data, `${data.url}/feed`)),
      { headers: { ...common, "Content-Type": "application/atom+xml; charset=utf-8" } },
    );
  }
  const subscribe = takesSubscribers(page.visibility) ? `/status/${page.slug}/subscribe` : null;
  const html = once(data, `html ${subscribe}`, () =>
    renderStatusHtml(data, `/status/${page.slug}/feed`, `/status/${page.slug}.json`, subscribe),
  );
  return new Response(html, { headers: { ...common, "Content-Type": HTML } });
}

/**
 * The password form's POST: a right password sets the page's cookie and goes back to the page. A
 * members page answers as an unknown slug (nothing tells that it exists); a public one goes back to the page.
 */
export async function servePasswordPost(page: PageGate, req: Request, base: string): Promise<Response> {
  if (page.visibility === "members") return notFoundAnswer("html");
  if (page.visibility !== "password") return new Response(null, { status: 303, headers: { Location: base || "/" } });
  let password = "";
  try {
    const form = await req.formData();
    const value = form.get("password");
    password = typeof value === "string" ? value.slice(0, 1024) : "";
  } catch {
    /* an unreadable body is a wrong password */
  }
  try {
    const cookies = await submitPassword(page, password, req.headers, new Date(), base === "" ? ["/"] : undefined);
    if (!cookies) {
      return new Response(renderPasswordForm(base || "/", true), {
        status: 401,
        headers: { "Content-Type": HTML, "Cache-Control": "no-store" },
      });
    }
    const headers = new Headers({ Location: base || "/", "Cache-Control": "no-store" });
    for (const c of cookies) headers.append("Set-Cookie", c);
    return new Response(null, { status: 303, headers });
  } catch (err) {
    if (isRateLimited(err)) {
      return new Response(renderMessage("Too many attempts", err.message), {
        status: 429,
        headers: {
          "Content-Type": HTML,
          "Retry-After": String(err.retryAfterSeconds ?? 60),
          "Cache-Control": "no-store",
        },
      });
    }
    throw err;
  }
}
