import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { SERVICE_TYPE_NAMES, type ServiceType } from "../shared/service-types";
import { chromiumPath } from "../server/checks/browser";

/**
 * The check types this probe host can run, found once when the agent starts and sent with every
 * lease call: `browser` needs Chromium at CHROMIUM_PATH; `ping` needs the system's ping and the
 * right to send ICMP: one echo to the host's own 127.0.0.1, where iputils exits 0 (answered) or 1
 * (sent, unanswered) when it could send, 2 when it could not (no socket). Checks of the other
 * types are never leased to it.
 */
export function checkTypesHere(): ServiceType[] {
  const can: Record<string, () => boolean> = {
    browser: () => fs.existsSync(chromiumPath()),
    ping: () =>
      [0, 1].includes(
        spawnSync("ping", ["-4", "-n", "-q", "-c", "1", "-W", "1", "--", "127.0.0.1"], {
          stdio: "ignore",
          timeout: 3000,
        }).status ?? -1,
      ),
  };
  return SERVICE_TYPE_NAMES.filter((t) => can[t]?.() ?? true);
}
