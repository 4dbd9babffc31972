import type http from "node:http";
import { ensureStarted } from "../../startup";
import { handleRest, REST_PREFIX } from "./rest-handler";

/**
 * The REST interface on a bare `node:http` server: `npm start`'s web server (scripts/web-server.ts)
 * answers `/api/v1/…` here, with the same handler as the Next route `src/app/api/v1/[...path]`
 * (which stays for `next start` alone), so the routes, the OpenAPI document and every body and
 * header are the same; only Next's routing is skipped.
 */
export function isRestRequest(target: string): boolean {
  return target === REST_PREFIX || target.startsWith(`${REST_PREFIX}/`) || target.startsWith(`${REST_PREFIX}?`);
}

export async function serveRest(req: http.IncomingMessage, res: http.ServerResponse, origin: string): Promise<void> {
  const method = req.method ?? "GET";
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const hasBody = method !== "GET" && method !== "HEAD";
  const request = new Request(`${origin}${req.url ?? "/"}`, {
    method,
    headers,
    body: hasBody ? bodyStream(req) : undefined,
    duplex: "half",
  } as RequestInit);
  const response = await handleRest(request, ensureStarted);
  const out: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") out[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) out["set-cookie"] = cookies;
  const body = method === "HEAD" || response.body === null ? null : Buffer.from(await response.arrayBuffer());
  if (body) out["content-length"] = String(body.length);
  res.writeHead(response.status, out);
  res.end(body ?? undefined);
}

/**
 * The request body as a Web stream that reads only as fast as the handler does. When the handler
 * stops reading (the body limit, after 1 MiB), the rest is read and dropped, as node:http does with
 * a body nobody reads: a connection closed with unread data is reset, and the client could lose the
 * answer (the 413) before reading it.
 */
function bodyStream(req: http.IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on("data", (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once("end", () => open && ((open = false), controller.close()));
        req.once("error", (err) => open && ((open = false), controller.error(err)));
      },
      pull() {
        req.resume();
      },
      cancel() {
        open = false;
        req.resume();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}
