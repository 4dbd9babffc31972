import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { AppError } from "../../../../shared/errors";
import { readBodyLimited } from "../../../../server/api/http/body-limit";
import { authOptions } from "../../../../server/auth/next-auth";
import { ensureStarted } from "../../../../server/startup";

export const dynamic = "force-dynamic";

async function handler(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) {
  let request = req;
  if (req.method === "POST") {
    // Sign-in forms are small: the body is read under the 1 MiB cap (body-limit.ts), never whole.
    const body = await readBodyLimited(req);
    if (body instanceof AppError) return Response.json({ error: body.message }, { status: body.status });
    request = new NextRequest(req.url, { method: "POST", headers: req.headers, body: new Uint8Array(body) });
  }
  await ensureStarted();
  return NextAuth(authOptions())(request, ctx);
}

export { handler as GET, handler as POST };
