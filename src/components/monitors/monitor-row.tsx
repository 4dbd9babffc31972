import { PrefetchLink } from "../common/prefetch-link";
import type { CronMonitor } from "../../shared/schemas/cron-monitors";
import { RelativeTime } from "../common/relative-time";
import { MaintenanceBadge } from "../common/maintenance-badge";
import { RunStrip } from "./run-strip";
import { StateBadge } from "./state-badge";

type ProjectLook = { name: string; color: string };

export function ProjectChip({ project }: { project?: ProjectLook }) {
  if (!project) return <span className="muted small-text">No project</span>;
  return (
    <span className="project-chip">
      <span className="swatch" style={{ background: project.color }} aria-hidden="true" />
      {project.name}
    </span>
  );
}

/** One monitor in the list: a fixed grid, so a refresh never moves anything. */
export function MonitorRow({ monitor, project }: { monitor: CronMonitor; project?: ProjectLook }) {
  return (
    <li className="monitor-row" data-testid="monitor-row" data-monitor-id={monitor.id}>
      <div className="monitor-main">
        <StateBadge state={monitor.state} />
        <PrefetchLink href={`/monitors/${monitor.id}`} className="monitor-name">
          {monitor.name}
        </PrefetchLink>
      </div>
      <div className="monitor-meta">
        <span>{monitor.schedule_human}</span>
        <span>
          Last ping <RelativeTime iso={monitor.last_ping_at} />
        </span>
        <ProjectChip project={project} />
        <MaintenanceBadge maintenance={monitor.maintenance} />
      </div>
      <RunStrip runs={monitor.recent_runs} />
    </li>
  );
}
