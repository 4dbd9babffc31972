import { z } from "zod";
import { ROLES, CRON_CAPABILITIES } from "../capabilities";
import { PLAN_NAMES } from "../plans";
import { timestamp } from "./common";

export const email = z.email("Enter a valid email address").max(254);
export const password = z.string().min(10, "Use at least 10 characters").max(256, "Use at most 256 characters");
const personName = z.string().max(100);

export const registerInput = z.object({ email, password, first_name: personName.optional(), last_name: personName.optional() });
export const loginInput = z.object({ email: z.string().min(1).max(254), password: z.string().min(1).max(256) });
export const refreshInput = z.object({ refresh: z.string().min(1).max(200) });
export const profileInput = z.object({ first_name: personName.optional(), last_name: personName.optional() });
export const passwordInput = z.object({ current_password: z.string().min(1).max(256), new_password: password });

export const userSummary = z.object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() });
export const tokenPair = z.object({ access: z.string(), refresh: z.string(), user: userSummary });
export const meOutput = userSummary.extend({
  default_org: z.object({ slug: z.string(), name: z.string() }).nullable(),
});

export const role = z.enum(ROLES);
export const org = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  plan: z.enum(PLAN_NAMES as [string, ...string[]]),
  role,
  created_at: timestamp,
});
export const orgSlug = z.string().min(1).max(64);
export const createOrgInput = z.object({ name: z.string().trim().min(1).max(128), slug: z.string().min(2).max(40).optional() });
export const member = z.object({
  user_id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role,
  joined_at: timestamp,
});
export const capability = z.enum(CRON_CAPABILITIES);
export const serviceToken = z.object({ id: z.number().int(), name: z.string(), capabilities: z.array(capability), created_at: timestamp });
export const createServiceTokenInput = z.object({
  slug: orgSlug,
  name: z.string().trim().min(1).max(128),
  capabilities: z.array(capability).min(1),
});
export const currentOrg = z.object({
  slug: z.string(),
  name: z.string(),
  plan: z.string(),
  role: role.nullable().describe("null when the caller is a service token"),
  capabilities: z.array(z.string()),
});
