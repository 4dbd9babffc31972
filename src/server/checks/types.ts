import type { OutboundPolicy } from "../outbound";
import type { Observed } from "../domain/assertions";

export type {
  BrowserCheck,
  BrowserStep,
  Check,
  DnsCheck,
  GrpcCheck,
  HttpCheck,
  PingCheck,
  TcpCheck,
  TlsCheck,
} from "../domain/check-config";
import type { Check } from "../domain/check-config";

/** Milliseconds of each phase of the last connection; null where it did not happen (plain http has no TLS). */
export type CheckTiming = {
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  firstByteMs: number | null;
};

export type CheckResult = {
  outcome: "up" | "down";
  /** Why the check is down, in words (`timeout after 5 s`, `connection refused`, `unexpected status 503`...); null when up. */
  reason: string | null;
  statusCode: number | null;
  responseTimeMs: number;
  timing: CheckTiming;
  /** Whole days until the https certificate expires (negative once expired); null for plain http and tcp. */
  certificateDaysLeft: number | null;
  startedAt: Date;
  /** A browser check's timings: the page load (`load`) then each step run, the failing one last; absent for other types. */
  steps?: StepTiming[];
  /** A failed browser check's screenshot (JPEG, at most MAX_SCREENSHOT_BYTES) and the step it failed at. */
  screenshot?: { jpeg: Buffer; step: string };
};

/** One timed part of a browser check: `load` or the step as reasons name it (`step 2 (click "#go")`). */
export type StepTiming = { step: string; ms: number };

/** A failed browser check's screenshot is kept only up to this size (a JPEG of the viewport at quality 50). */
export const MAX_SCREENSHOT_BYTES = 200 * 1024;

export type CheckOptions = {
  /** The outbound guard's policy (platform probes); null checks any address (private probes). */
  policy: OutboundPolicy | null;
  /** Extra trusted CA certificates (PEM), for tests against a local https server. */
  ca?: string;
  /** Shown what the check observed before it is judged (a test run lists every assertion's outcome); absent on scheduled checks. */
  observe?: (observed: Observed) => void;
};

/** Redirects followed at most; the 6th redirect answer is the check's outcome. */
export const MAX_REDIRECTS = 5;

/** Bytes of the body searched for the keyword at most. */
export const MAX_KEYWORD_BODY_BYTES = 1024 * 1024;
