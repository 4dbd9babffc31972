"use client";

import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { PrefetchLink } from "./common/prefetch-link";
import { OrgSwitcher } from "./org-switcher";

const AREAS = [
  { href: "/", label: "Overview" },
  { href: "/monitors", label: "Monitors" },
  { href: "/projects", label: "Projects" },
  { href: "/services", label: "Services" },
  { href: "/incidents", label: "Incidents" },
  { href: "/status-pages", label: "Status pages" },
  { href: "/maintenance", label: "Maintenance" },
  { href: "/audit-log", label: "Audit log" },
  { href: "/settings", label: "Settings" },
];

export function Nav({ email, orgSlug }: { email: string; orgSlug: string }) {
  const pathname = usePathname();
  return (
    <aside className="sidebar">
      <div className="brand">Lifeline</div>
      <nav aria-label="Main">
        {AREAS.map((a) => (
          <PrefetchLink
            key={a.href}
            href={a.href}
            aria-current={(a.href === "/" ? pathname === "/" : pathname.startsWith(a.href)) ? "page" : undefined}
          >
            {a.label}
          </PrefetchLink>
        ))}
      </nav>
      <div className="spacer" />
      <OrgSwitcher initialSlug={orgSlug} />
      <p className="muted" data-testid="signed-in-as">
        {email}
      </p>
      <button type="button" className="secondary" onClick={() => signOut({ callbackUrl: "/login" })}>
        Sign out
      </button>
    </aside>
  );
}
