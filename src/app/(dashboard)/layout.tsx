import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { navFirst } from "../../components/first-screen";
import { Nav } from "../../components/nav";
import { ORG_COOKIE } from "../../trpc/active-org";
import { Prefetch, renderUser } from "../../trpc/server";

export const dynamic = "force-dynamic";

/** The signed-in dashboard: visitors without a live session are sent to sign in. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await renderUser();
  if (!user) redirect("/login");
  return (
    <div className="shell">
      <Prefetch first={navFirst}>
        <Nav email={user.email} orgSlug={(await cookies()).get(ORG_COOKIE)?.value ?? ""} />
      </Prefetch>
      <main className="content">{children}</main>
    </div>
  );
}
