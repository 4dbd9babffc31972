import type http from "node:http";

/**
 * An upload the server stopped reading (refused for its size, body-limit.ts) is still arriving when
 * the answer starts. Closing the connection after the answer, as node:http does for a client that
 * asked for `Connection: close`, would reset it with data unread, and the client could lose the
 * answer (the 413) before reading it. So the rest is read and dropped, and the connection stays open
 * until the client closes it, 5 s at most.
 */
export function keepOpenWhileDraining(req: http.IncomingMessage, res: http.ServerResponse): void {
  req.resume();
  res.shouldKeepAlive = true;
  setTimeout(() => req.destroy(), 5_000).unref();
}

/**
 * For a request handed to Next: if its answer starts while the upload is still arriving (a route
 * stopped reading at the body cap), keepOpenWhileDraining. Every answer starts in `writeHead`
 * (node:http calls it for implicit headers too); a body read to its end changes nothing.
 */
export function drainUnreadUploadOnAnswer(req: http.IncomingMessage, res: http.ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    if (!req.complete) keepOpenWhileDraining(req, res);
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}
