"use client";

import { useEffect, useState } from "react";
import type { CronMonitor } from "../../shared/schemas/cron-monitors";
import { CopyButton } from "../common/copy-button";
import { periodCrontab } from "../../shared/schedule/crontab-line";

type Snippet = { key: string; title: string; code: string };

/**
 * The crontab line: a cron monitor's own expression (and zone); a period monitor's period as a
 * crontab expression (shared/schedule/crontab-line.ts), or, when none can express it, says so and
 * shows the wrapper, which a scheduler of any kind can run.
 */
function crontabSnippet(m: CronMonitor, url: string): string {
  const ping = `/path/to/job.sh && curl -fsS -m 10 --retry 5 -o /dev/null ${url}`;
  if (m.schedule_kind === "cron") {
    const zoneLine = m.timezone !== "UTC" ? `CRON_TZ=${m.timezone}\n` : "";
    return `${zoneLine}${m.cron_expression} ${ping}`;
  }
  const line = periodCrontab(m.period_seconds ?? 0);
  if (!line)
    return [
      `# No crontab line runs a job every ${m.period_seconds} seconds: run it from your scheduler with the wrapper,`,
      "# which pings when the command ends:",
      `lifeline-run ${url} -- /path/to/job.sh`,
    ].join("\n");
  return `${line.timezone ? `CRON_TZ=${line.timezone}\n` : ""}${line.expression} ${ping}`;
}

/** Ready-to-paste ways to report to this monitor, built from its own ping URL. */
export function snippetsFor(m: CronMonitor, origin: string): Snippet[] {
  const url = m.ping_url;
  const base = url.slice(0, url.length - m.ping_token.length - 1);
  return [
    { key: "crontab", title: "Crontab line", code: crontabSnippet(m, url) },
    {
      key: "curl",
      title: "curl with start, exit code and rid",
      code: [
        "RID=$(cat /proc/sys/kernel/random/uuid)",
        `curl -fsS -m 10 --retry 5 -o /dev/null "${url}/start?rid=$RID"`,
        "/path/to/job.sh > /tmp/job.log 2>&1; CODE=$?",
        `curl -fsS -m 10 --retry 5 -o /dev/null --data-binary @/tmp/job.log "${url}/$CODE?rid=$RID"`,
      ].join("\n"),
    },
    { key: "runitor", title: "runitor", code: `runitor -api-url ${base} -uuid ${m.ping_token} -- /path/to/job.sh` },
    {
      key: "events",
      title: "Events API (service token)",
      code: [
        `curl -fsS -X POST "${origin}/api/v1/cron-monitors/${m.id}/events" \\`,
        `  -H "Authorization: Bearer $LIFELINE_SERVICE_TOKEN" -H "Content-Type: application/json" \\`,
        `  -d '{"event": "success", "source": "api"}'`,
      ].join("\n"),
    },
  ];
}

export function PingSnippets({ monitor }: { monitor: CronMonitor }) {
  // The server render does not know the address the browser reached it by: the browser fills it in.
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const snippets = snippetsFor(monitor, origin);
  const [chosen, setChosen] = useState(snippets[0]!.key);
  const snippet = snippets.find((s) => s.key === chosen) ?? snippets[0]!;
  return (
    <section className="card stack" aria-labelledby="ping-title">
      <h2 id="ping-title" className="h3">
        Ping URL
      </h2>
      <div className="row wrap">
        <code className="ping-url" data-testid="ping-url">
          {monitor.ping_url}
        </code>
        <CopyButton text={monitor.ping_url} label="Copy ping URL" />
      </div>
      <div className="row wrap tight" role="group" aria-label="Snippets">
        {snippets.map((s) => (
          <button
            key={s.key}
            type="button"
            className="secondary small"
            aria-pressed={s.key === chosen}
            onClick={() => setChosen(s.key)}
          >
            {s.title}
          </button>
        ))}
      </div>
      <pre className="snippet" tabIndex={0} role="region" aria-label={snippet.title}>
        {snippet.code}
      </pre>
      <CopyButton text={snippet.code} label="Copy snippet" />
    </section>
  );
}
