import NextAuth from "next-auth";
import { authOptions } from "../../../../server/auth/next-auth";
import { ensureStarted } from "../../../../server/startup";

export const dynamic = "force-dynamic";

async function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  await ensureStarted();
  return NextAuth(authOptions())(req, ctx);
}

export { handler as GET, handler as POST };
