import { handleRest } from "../../../../server/api/http/rest-handler";
import { ensureStarted } from "../../../../server/startup";

export const dynamic = "force-dynamic";

async function handler(req: Request): Promise<Response> {
  return handleRest(req, ensureStarted);
}

export {
  handler as GET,
  handler as POST,
  handler as PUT,
  handler as PATCH,
  handler as DELETE,
  handler as OPTIONS,
  handler as HEAD,
};
