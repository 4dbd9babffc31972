import { z } from "zod";
import { timestamp, id } from "./common";
import { text } from "./text";

/** Status pages (docs/api-status-pages.md). */
export const STATUS_PAGE_VISIBILITIES = ["public", "password", "members"] as const;
export const MAX_STATUS_PAGE_COMPONENTS = 100;

/** Lowercase letters, digits and inner hyphens, 1..64: safe in a path (`/status/{slug}`), no dot. */
export const statusPageSlug = text().regex(
  /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/,
  "1 to 64 lowercase letters, digits and inner hyphens",
);

/** A host name of at least two labels, lowercase; no port, no scheme. */
const customDomain = text()
  .max(253)
  .regex(
    /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    "a lowercase host name such as status.example.com (no scheme, no port)",
  );

const component = z
  .object({
    cron_monitor_id: id().optional(),
    service_id: id().optional(),
    display_name: text().trim().min(1).max(128).nullable().optional().describe("Shown instead of the object's name"),
    group: text()
      .trim()
      .min(1)
      .max(128)
      .nullable()
      .optional()
      .describe("A named group; groups appear in order of first use"),
  })
  .strict();

const password = text()
  .min(8, "at least 8 characters")
  .max(128)
  .describe("Write-only; required with visibility password");

const fields = {
  title: text().trim().min(1).max(128),
  description: text().max(2000),
  components: z.array(component).max(MAX_STATUS_PAGE_COMPONENTS).describe("In display order"),
  visibility: z.enum(STATUS_PAGE_VISIBILITIES),
  password,
  custom_domain: customDomain.nullable(),
  show_uptime: z.boolean(),
};

export const createStatusPageInput = z
  .object({
    slug: statusPageSlug,
    title: fields.title,
    description: fields.description.optional(),
    components: fields.components.optional(),
    visibility: fields.visibility.optional(),
    password: fields.password.optional(),
    custom_domain: fields.custom_domain.optional(),
    show_uptime: fields.show_uptime.optional(),
  })
  .strict();

export const patchStatusPageInput = z
  .object({
    id: id(),
    slug: statusPageSlug.optional(),
    title: fields.title.optional(),
    description: fields.description.optional(),
    components: fields.components.optional(),
    visibility: fields.visibility.optional(),
    password: fields.password.optional(),
    custom_domain: fields.custom_domain.optional(),
    show_uptime: fields.show_uptime.optional(),
  })
  .strict();

export type StatusPageComponentInput = z.infer<typeof component>;
export type CreateStatusPageInput = z.infer<typeof createStatusPageInput>;
export type StatusPageChanges = Omit<z.infer<typeof patchStatusPageInput>, "id">;

export const CUSTOM_DOMAIN_ERRORS = ["token_not_found", "held_by_another", "lookup_failed"] as const;

/** A custom domain's proof of control (docs/api-status-pages.md "Custom domains"). */
export const customDomainVerification = z.object({
  domain: z.string(),
  status: z
    .enum(["pending", "verified"])
    .describe("verified: the page is served at the domain; pending: the domain serves nothing"),
  record_name: z.string().describe("The TXT record to create: _lifeline-challenge.<domain>"),
  record_type: z.literal("TXT"),
  record_value: z
    .string()
    .nullable()
    .describe("The record's value (the page's token): only in the answer that issued it, null afterwards"),
  token_issued: z
    .boolean()
    .describe(
      "false: no token yet (a domain set before verification existed); issue one with POST .../custom-domain/token",
    ),
  verified_at: timestamp.nullable(),
  checked_at: timestamp.nullable().describe("The latest look at the record"),
  next_check_at: timestamp.nullable().describe("The sweeper's next look (null: only when asked)"),
  error: z
    .enum(CUSTOM_DOMAIN_ERRORS)
    .nullable()
    .describe(
      "Why the latest check did not verify: the record does not hold this page's token, the page serving the domain still has its token there too, or the lookup failed",
    ),
});
export type CustomDomainVerification = z.infer<typeof customDomainVerification>;

export const statusPage = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  visibility: z.enum(STATUS_PAGE_VISIBILITIES),
  has_password: z.boolean(),
  custom_domain: z.string().nullable(),
  custom_domain_verification: customDomainVerification
    .nullable()
    .describe("null without a custom domain; the domain serves the page only once verified"),
  show_uptime: z.boolean(),
  components: z.array(
    z.object({
      type: z.enum(["cron_monitor", "service"]),
      id: z.number().int(),
      name: z
        .string()
        .nullable()
        .describe(
          "The object's own name, null for a service the caller cannot see (the public page shows display_name, else this name)",
        ),
      display_name: z.string().nullable(),
      group: z.string().nullable(),
    }),
  ),
  url: z.string().describe("The public page"),
  date_created: timestamp,
  date_modified: timestamp,
});
export type StatusPageView = z.infer<typeof statusPage>;

/** A subscriber's email on the public form and the JSON way: trimmed and lowercased before it is stored. */
export const subscriberEmail = text().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address"));

export const subscribeInput = z
  .object({
    email: subscriberEmail,
    /** Also mailed when a maintenance window covering the page is scheduled and when it starts (default true). */
    maintenance: z.boolean().optional(),
  })
  .strict();

export const statusPageSubscriber = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z
    .enum(["pending", "confirmed"])
    .describe("pending: the confirmation link was not followed yet; nothing is mailed"),
  date_created: timestamp,
  confirmed_at: timestamp.nullable(),
});
export type StatusPageSubscriberView = z.infer<typeof statusPageSubscriber>;
