"use client";

import { useEffect, useState } from "react";
import type { CronMonitor } from "../../shared/schemas/cron-monitors";
import { CopyButton } from "../common/copy-button";

type Snippet = { key: string; title: string; code: string };

/** Ready-to-paste ways to report to this monitor, built from its own ping URL. */
export function snippetsFor(m: CronMonitor, origin: string): Snippet[] {
  const url = m.ping_url;
  const base = url.slice(0, url.length - m.ping_token.length - 1);
  const schedule = m.schedule_kind === "cron" ? m.cron_expression : "0 * * * *";
  const zoneLine = m.schedule_kind === "cron" && m.timezone !== "UTC" ? `CRON_TZ=${m.timezone}\n` : "";
  return [
    {
      key: "crontab",
      title: "Crontab line",
      code: `${zoneLine}${schedule} /path/to/job.sh && curl -fsS -m 10 --retry 5 -o /dev/null ${url}`,
    },
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
