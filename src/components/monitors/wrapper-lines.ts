/**
 * The wrapper's lines for a monitor: one curl line installing `lifeline-run` from this Lifeline
 * (`GET /cli/lifeline-run.sh`), then its use with the monitor's ping URL. `origin` is the address the
 * browser reached the dashboard by (APP_URL).
 */
export const WRAPPER_PATH = "/usr/local/bin/lifeline-run";

export function wrapperLines(pingUrl: string, origin: string): { install: string; usage: string } {
  return {
    install: `curl -fsS -o ${WRAPPER_PATH} ${origin}/cli/lifeline-run.sh && chmod +x ${WRAPPER_PATH}`,
    usage: `lifeline-run --timeout 3600 ${pingUrl} -- /path/to/job.sh`,
  };
}
