"use client";

import { useEffect, useState } from "react";
import type { CronMonitor } from "../../shared/schemas/cron-monitors";
import { CopyButton } from "../common/copy-button";
import { wrapperLines } from "./wrapper-lines";

/** The `lifeline-run` wrapper for this monitor: how to install it on a cron host, then how to use it. */
export function WrapperSnippet({ monitor }: { monitor: CronMonitor }) {
  // The server render does not know the address the browser reached it by: the browser fills it in.
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const { install, usage } = wrapperLines(monitor.ping_url, origin);
  return (
    <section className="card stack" aria-labelledby="wrapper-title">
      <h2 id="wrapper-title" className="h3">
        Wrap the job with lifeline-run
      </h2>
      <p className="muted">
        Reports the start, the exit code and the last 100 KB of the job&apos;s output; needs only sh and curl.
      </p>
      <pre className="snippet" tabIndex={0} role="region" aria-label="Install lifeline-run">
        {install}
      </pre>
      <CopyButton text={install} label="Copy install line" />
      <pre className="snippet" tabIndex={0} role="region" aria-label="Run a job with lifeline-run">
        {usage}
      </pre>
      <CopyButton text={usage} label="Copy usage" />
    </section>
  );
}
