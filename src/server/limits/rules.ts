import crypto from "node:crypto";
import { env } from "../../env";
import type { Limit } from "./counter";

/**
 * Every limit Lifeline enforces with the shared counter (counter.ts), in one place. docs/limits.md
 * states the same table for users; change both together.
 */
export const LIMITS = {
  /** Sign-in failures from devices that never signed in to the account, per account. */
  signInAccount: 5,
  /** Sign-in failures per client address (unknown devices). */
  signInAddress: 20,
  /** Sign-in failures of one known device (its device token). */
  signInDevice: 5,
  /** Wrong second-factor codes (TOTP, recovery, security key) per user, whatever the device. */
  secondFactor: 5,
  /** Failed registrations (email taken) per client address. */
  register: 10,
  /** Wrong current passwords per user. */
  password: 5,
  /** Invitations naming an email no user has, per inviting user and per client address. */
  inviteUser: 5,
  inviteAddress: 20,
  /** Run-now: one per service per 10 s, one in flight per service, 60 per account per hour. */
  runPerServiceSeconds: 10,
  runPerAccountPerHour: 60,
  /** Test deliveries per integration per hour. */
  testDeliveriesPerHour: 5,
  /** Confirmation mails of one email integration: one per 10 minutes, 5 per day. */
  confirmationMailSeconds: 600,
  confirmationMailsPerDay: 5,
  /** Email integrations of one organization awaiting their recipient's confirmation (a count, not a rate). */
  unconfirmedEmailIntegrations: 20,
  /** Wrong passwords of a `password` status page in a row, per page and client address. */
  statusPagePassword: 10,
  /** Wrong passwords of a `password` status page from every address, per short window (below). */
  statusPagePasswordPerPage: 20,
  statusPagePasswordPageSeconds: 60,
  /** Subscriptions to status pages (each may mail a confirmation), per client address per hour. */
  subscribeAddressPerHour: 10,
  /** Confirmation mails of one status page per hour (past it a subscription is stored, not mailed). */
  subscribeMailsPerPagePerHour: 200,
  /** Confirmation mails to one email address per hour, over every page. */
  subscribeEmailPerHour: 3,
  /** A status page owner's "verify now" of its custom domain (each a DNS lookup), per page per hour. */
  customDomainChecksPerHour: 30,
  /** Calls in one tRPC batch of the dashboard (more: 400 before any runs). */
  trpcBatch: 20,
} as const;

const digest = (s: string) => crypto.createHash("sha256").update(s).digest("hex").slice(0, 32);
const authWindow = () => env().authThrottleWindowSeconds;
const FAILED = "Too many failed attempts; try again in {s} seconds";

export const signInAccountLimit = (email: string): Limit => ({
  key: `login-account:${digest(email.trim().toLowerCase())}`,
  max: LIMITS.signInAccount,
  windowSeconds: authWindow(),
  message: FAILED,
});
export const signInAddressLimit = (address: string): Limit => ({
  key: `login-address:${address}`,
  max: LIMITS.signInAddress,
  windowSeconds: authWindow(),
  message: FAILED,
});
export const signInDeviceLimit = (deviceId: string): Limit => ({
  key: `login-device:${deviceId}`,
  max: LIMITS.signInDevice,
  windowSeconds: authWindow(),
  message: FAILED,
});
/**
 * A second-factor check: wrong codes count against the user (a right password does not clear this
 * count) and the client address, like wrong passwords.
 */
export const secondFactorLimits = (userId: number, address: string | null): Limit[] => [
  { key: `second-factor-user:${userId}`, max: LIMITS.secondFactor, windowSeconds: authWindow(), message: FAILED },
  ...(address ? [signInAddressLimit(address)] : []),
];
export const registerLimits = (address: string | null): Limit[] =>
  address
    ? [{ key: `register-address:${address}`, max: LIMITS.register, windowSeconds: authWindow(), message: FAILED }]
    : [];
export const passwordLimits = (userId: number): Limit[] => [
  { key: `password-user:${userId}`, max: LIMITS.password, windowSeconds: authWindow(), message: FAILED },
];

const INVITE = "Too many invitations of unknown emails; try again in {s} seconds";
export const inviteLimits = (userId: number, address: string | null): Limit[] => [
  { key: `invite-user:${userId}`, max: LIMITS.inviteUser, windowSeconds: authWindow(), message: INVITE },
  ...(address
    ? [{ key: `invite-address:${address}`, max: LIMITS.inviteAddress, windowSeconds: authWindow(), message: INVITE }]
    : []),
];

/**
 * Run-now: the in-flight marker (a limit of 1 whose window lasts as long as the run can: the
 * check's timeout and the wait for a probe's report, plus a margin; released when the run ends, so
 * a process that dies mid-run frees the service when it expires), one run per service per 10 s,
 * and 60 per account per hour.
 */
/** Run-now and test runs share the account's hourly count. */
const runAccountLimit = (userId: number): Limit => ({
  key: `run-account:${userId}`,
  max: LIMITS.runPerAccountPerHour,
  windowSeconds: 3600,
  message: `At most ${LIMITS.runPerAccountPerHour} runs per hour per account; try again in {s} seconds`,
});

export const runInFlightKey = (serviceId: number) => `run-inflight:${serviceId}`;
export const runNowLimits = (userId: number, serviceId: number, longestRunSeconds: number): Limit[] => [
  {
    key: runInFlightKey(serviceId),
    max: 1,
    windowSeconds: longestRunSeconds + 5,
    message: "A run of this service is already in progress; try again in {s} seconds",
  },
  {
    key: `run-service:${serviceId}`,
    max: 1,
    windowSeconds: LIMITS.runPerServiceSeconds,
    message: `This service may be run once every ${LIMITS.runPerServiceSeconds} seconds; try again in {s} seconds`,
  },
  runAccountLimit(userId),
];

/** A test run ("Test this check", `POST /services/test`): one in flight per account, counted with the account's run-now runs. */
export const testInFlightKey = (userId: number) => `test-inflight:${userId}`;
export const testRunLimits = (userId: number, longestRunSeconds: number): Limit[] => [
  {
    key: testInFlightKey(userId),
    max: 1,
    windowSeconds: longestRunSeconds + 5,
    message: "A test of a check is already in progress; try again in {s} seconds",
  },
  runAccountLimit(userId),
];

export const testDeliveryLimits = (integrationId: number): Limit[] => [
  {
    key: `integration-test:${integrationId}`,
    max: LIMITS.testDeliveriesPerHour,
    windowSeconds: 3600,
    message: `At most ${LIMITS.testDeliveriesPerHour} test deliveries per integration per hour; try again in {s} seconds`,
  },
];

/**
 * Confirmation mails of an email integration (create, a new address, "Resend confirmation"): one per
 * 10 minutes and 5 per day, so an account cannot make Lifeline mail an address it does not own again and again.
 */
export const confirmationMailLimits = (integrationId: number): Limit[] => [
  {
    key: `confirm-mail:${integrationId}`,
    max: 1,
    windowSeconds: LIMITS.confirmationMailSeconds,
    message: `A confirmation mail of this integration went out less than ${LIMITS.confirmationMailSeconds / 60} minutes ago; try again in {s} seconds`,
  },
  {
    key: `confirm-mail-day:${integrationId}`,
    max: LIMITS.confirmationMailsPerDay,
    windowSeconds: 24 * 3600,
    message: `At most ${LIMITS.confirmationMailsPerDay} confirmation mails per integration per day; try again in {s} seconds`,
  },
];

/**
 * A status page's password form: the eleventh wrong password in a row from an address is refused
 * (per page and address, in the sign-in window), and so is any attempt past 20 wrong ones from
 * every address within a minute (per page: a short window, so an attacker keeps a new visitor
 * waiting a minute at most per window, and a visitor holding the page's cookie never posts the form).
 */
export const statusPagePasswordLimits = (pageId: number, address: string | null): Limit[] => [
  {
    key: `status-page-password:${pageId}:${address ?? "unknown"}`,
    max: LIMITS.statusPagePassword,
    windowSeconds: authWindow(),
    message: FAILED,
  },
  {
    key: `status-page-password-page:${pageId}`,
    max: LIMITS.statusPagePasswordPerPage,
    windowSeconds: LIMITS.statusPagePasswordPageSeconds,
    message: FAILED,
  },
];

const SUBSCRIBE = "Too many subscriptions; try again in {s} seconds";

/**
 * A status page's subscribe form, refused (429) per client address (every valid request) and per
 * email address (its digest, over every page: the confirmation mails it receives), so one visitor
 * is limited and an address is not flooded, while no crowd can refuse everyone: a page's own
 * ceiling counts the mails it sends (`subscribeMailLimit`), not visitors.
 */
export const subscribeLimits = (address: string | null, email: string): Limit[] => [
  ...(address
    ? [
        {
          key: `subscribe-address:${address}`,
          max: LIMITS.subscribeAddressPerHour,
          windowSeconds: 3600,
          message: SUBSCRIBE,
        },
      ]
    : []),
  {
    key: `subscribe-email:${digest(email)}`,
    max: LIMITS.subscribeEmailPerHour,
    windowSeconds: 3600,
    message: SUBSCRIBE,
  },
];

/** The confirmation mails one status page sends per hour: past it, a subscription is stored and not mailed. */
export const subscribeMailLimit = (pageId: number): Limit => ({
  key: `subscribe-page-mails:${pageId}`,
  max: LIMITS.subscribeMailsPerPagePerHour,
  windowSeconds: 3600,
  message: SUBSCRIBE,
});

/** "Verify now" of a status page's custom domain: each is a DNS lookup (the sweeper's own checks are not counted). */
export const customDomainCheckLimits = (pageId: number): Limit[] => [
  {
    key: `custom-domain-check:${pageId}`,
    max: LIMITS.customDomainChecksPerHour,
    windowSeconds: 3600,
    message: `At most ${LIMITS.customDomainChecksPerHour} checks of a custom domain per hour; try again in {s} seconds`,
  },
];
