import { runHttpCheck } from "./http";
import { runTcpCheck } from "./tcp";
import { runDnsCheck } from "./dns";
import { runTlsCheck } from "./tls";
import { runPingCheck } from "./ping";
import "./regex-engine";
import type { Check, CheckOptions, CheckResult } from "./types";

export { failureReason } from "./reason";
export { checkFromConfig } from "../domain/check-config";
export * from "./types";

/**
 * Runs one check of any type. Never throws: every failure is a `down` result with its reason. The gRPC
 * and browser checks load their libraries (@grpc/grpc-js, playwright-core: tens of MB of heap) on
 * their first check, so a process that runs none (the web app) never holds them.
 */
export function runCheck(check: Check, opts: CheckOptions): Promise<CheckResult> {
  switch (check.type) {
    case "http":
      return runHttpCheck(check, opts);
    case "tcp":
      return runTcpCheck(check, opts);
    case "dns":
      return runDnsCheck(check, opts);
    case "tls":
      return runTlsCheck(check, opts);
    case "grpc":
      return import("./grpc").then((m) => m.runGrpcCheck(check, opts));
    case "ping":
      return runPingCheck(check, opts);
    case "browser":
      return import("./browser").then((m) => m.runBrowserCheck(check, opts));
  }
}
