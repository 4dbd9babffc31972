import { runHttpCheck } from "./http";
import { runTcpCheck } from "./tcp";
import { runDnsCheck } from "./dns";
import { runTlsCheck } from "./tls";
import { runGrpcCheck } from "./grpc";
import { runPingCheck } from "./ping";
import { runBrowserCheck } from "./browser";
import "./regex-engine";
import type { Check, CheckOptions, CheckResult } from "./types";

export { failureReason } from "./reason";
export { checkFromConfig } from "../domain/check-config";
export * from "./types";

/** Runs one check of any type. Never throws: every failure is a `down` result with its reason. */
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
      return runGrpcCheck(check, opts);
    case "ping":
      return runPingCheck(check, opts);
    case "browser":
      return runBrowserCheck(check, opts);
  }
}
