"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { adoptLegacyOrgChoice, setActiveOrgSlug } from "../trpc/active-org";
import { useTRPC } from "../trpc/react";

/** Which organization the dashboard acts in (sent as X-Org-Slug); empty means your default one. */
export function OrgSwitcher({ initialSlug }: { initialSlug: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const orgs = useQuery(trpc.orgs.list.queryOptions());
  const [slug, setSlug] = useState(initialSlug);
  // A choice an earlier version kept in localStorage moves into the cookie once; the page renders again in it.
  useEffect(() => {
    if (adoptLegacyOrgChoice()) window.location.reload();
  }, []);
  const list = orgs.data?.data ?? [];

  // A remembered organization you no longer belong to falls back to the default.
  useEffect(() => {
    if (slug && orgs.isSuccess && !list.some((o) => o.slug === slug)) choose("");
  }); // eslint-disable-line react-hooks/exhaustive-deps

  function choose(next: string) {
    setActiveOrgSlug(next || null);
    setSlug(next);
    void queryClient.resetQueries();
    router.refresh();
  }

  if (list.length < 2) return null;
  return (
    <label className="org-switcher">
      Organization
      <select value={slug} onChange={(e) => choose(e.target.value)}>
        <option value="">Default</option>
        {list.map((o) => (
          <option key={o.slug} value={o.slug}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}
