/**
 * The REST interface called from inside the process (the dashboard's Export and Import run the
 * CLI's code over it, routers/config-documents.ts). The dashboard's route registers the handler, so
 * the router does not import the REST handler that imports the router.
 */
type Handle = (req: Request) => Promise<Response>;
let handle: Handle | null = null;

export function serveRestInProcess(h: Handle): void {
  handle = h;
}

export function restInProcess(req: Request): Promise<Response> {
  if (!handle) throw new Error("The REST interface is not registered in this process");
  return handle(req);
}
