"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../trpc/react";

const STATUS_REFRESH_MS = 30_000;

/**
 * Says so on the services page when services wait on the platform probes and none has been seen
 * for a few minutes (GET /api/v1/status, workers.platform_probe): such services are not checked.
 */
export function PlatformProbeNotice() {
  const trpc = useTRPC();
  const status = useQuery({ ...trpc.system.status.queryOptions(), refetchInterval: STATUS_REFRESH_MS });
  const probe = status.data?.data.workers.platform_probe;
  if (probe?.state !== "missing") return null;
  return (
    <div className="card stack" role="status" data-testid="platform-probe-missing">
      <p className="error">
        <strong>No platform probe is running.</strong>
      </p>
      <p>{probe.message}</p>
    </div>
  );
}
