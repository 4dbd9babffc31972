"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../trpc/react";

/** The signed-in user's projects, by order (for pickers, filters and colours). */
export function useProjects() {
  const trpc = useTRPC();
  const query = useQuery(trpc.projects.list.queryOptions());
  const projects = query.data?.data ?? [];
  const byId = new Map(projects.map((p) => [p.id, p]));
  return { projects, byId, isLoading: query.isLoading };
}
