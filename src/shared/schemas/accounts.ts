import { z } from "zod";
import { ROLES, TOKEN_CAPABILITIES } from "../capabilities";
import { PLAN_NAMES } from "../plans";
import { timestamp } from "./common";
import { storable, text } from "./text";

export const email = z.email("Enter a valid email address").max(254).check(storable);
export const password = text().min(10, "Use at least 10 characters").max(256, "Use at most 256 characters");
const personName = text().max(100);

export const registerInput = z.object({
  email,
  password,
  first_name: personName.optional(),
  last_name: personName.optional(),
});
/**
 * The password of a sign-in (and `current_password`) is only compared with a stored hash, never
 * stored: it is the one string outside the text rule, so an account whose password predates the
 * rule can still sign in.
 */
export const loginInput = z.object({ email: text().min(1).max(254), password: z.string().min(1).max(256) });
export const refreshInput = z.object({ refresh: text().min(1).max(200) });
export const profileInput = z.object({ first_name: personName.optional(), last_name: personName.optional() });
export const passwordInput = z.object({ current_password: z.string().min(1).max(256), new_password: password });

export const userSummary = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
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
export const orgSlug = text().min(1).max(64);
export const createOrgInput = z.object({ name: text().trim().min(1).max(128), slug: text().min(2).max(40).optional() });
export const member = z.object({
  user_id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role,
  joined_at: timestamp,
});
export const capability = z.enum(TOKEN_CAPABILITIES);
export const serviceToken = z.object({
  id: z.number().int(),
  name: z.string(),
  capabilities: z.array(capability),
  created_at: timestamp,
});
export const createServiceTokenInput = z.object({
  slug: orgSlug,
  name: text().trim().min(1).max(128),
  capabilities: z.array(capability).min(1),
});
export const currentOrg = z.object({
  slug: z.string(),
  name: z.string(),
  plan: z.string(),
  role: role.nullable().describe("null when the caller is a service token"),
  capabilities: z.array(z.string()),
});
