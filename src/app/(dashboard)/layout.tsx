import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { navFirst } from "../../components/first-screen";
import { Nav } from "../../components/nav";
import { sessionIsLive } from "../../server/services/accounts/principal";
import { profile } from "../../server/services/accounts/auth";
import { ensureStarted } from "../../server/startup";
import { ORG_COOKIE } from "../../trpc/active-org";
import { Prefetch, renderSession } from "../../trpc/server";

export const dynamic = "force-dynamic";

/** The signed-in dashboard: visitors without a live session are sent to sign in. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  await ensureStarted();
  const session = await renderSession();
  if (!session || !(await sessionIsLive(session.sessionId, session.userId))) redirect("/login");
  const user = await profile(session.userId);
  return (
    <div className="shell">
      <Prefetch first={navFirst}>
        <Nav email={user.email} orgSlug={(await cookies()).get(ORG_COOKIE)?.value ?? ""} />
      </Prefetch>
      <main className="content">{children}</main>
    </div>
  );
}
