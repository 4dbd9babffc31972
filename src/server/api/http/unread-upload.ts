import type http from "node:http";

/**
 * For a request `npm start`'s front hands to the REST handler or to Next: if its answer starts while
 * the upload is still arriving (the handler stopped reading at the body cap, body-limit.ts), the rest
 * is read and dropped and the connection stays open until the client closes it, 5 s at most. Closing
 * it after the answer, as node:http does for a client that asked for `Connection: close`, would reset
 * it with data unread, and the client could lose the answer (the 413) before reading it. Every answer
 * starts in `writeHead` (node:http calls it for implicit headers too); a body read to its end changes
 * nothing.
 */
export function drainUnreadUploadOnAnswer(req: http.IncomingMessage, res: http.ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    if (!req.complete) {
      req.resume();
      res.shouldKeepAlive = true;
      setTimeout(() => req.destroy(), 5_000).unref();
    }
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}
