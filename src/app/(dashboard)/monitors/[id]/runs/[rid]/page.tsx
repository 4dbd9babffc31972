import { headers } from "next/headers";
import { runFirst } from "../../../../../../components/first-screen";
import { RunDetail } from "../../../../../../components/monitors/run-detail";
import { Prefetch } from "../../../../../../trpc/server";
import { dashboardRunLog } from "../../../../../../trpc/run-log";

export default async function RunPage({ params }: { params: Promise<{ id: string; rid: string }> }) {
  const { id, rid } = await params;
  const monitorId = Number(id);
  const runId = decodeURIComponent(rid);
  // The log comes with the first answer too; when it cannot be read here the browser asks and says why.
  const log = await dashboardRunLog(new Headers(await headers()), null, monitorId, runId).then(
    (l) => l.body,
    () => undefined,
  );
  return (
    <Prefetch first={runFirst(monitorId, runId)}>
      <RunDetail monitorId={monitorId} rid={runId} initialLog={log} />
    </Prefetch>
  );
}
