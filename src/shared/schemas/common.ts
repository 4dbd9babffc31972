import { z } from "zod";

/** `{ data: X }`, the success envelope of spec 2.1. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Standard collection pagination (spec section 4): page from 1, limit 1..100 (default 20). */
export const paginationInput = {
  page: z.number().int().min(1).default(1).describe("Page number, from 1"),
  limit: z.number().int().min(1).max(100).default(20).describe("Items per page, at most 100"),
};

export const pageMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export function pageMetaOf(page: number, limit: number, total: number) {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}

export const timestamp = z.string().describe("ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ");
/**
 * Ids are 1 to 2147483647: the id columns are 32-bit on PostgreSQL (SERIAL), so a larger id names
 * no row and is refused like any number out of its range (400), on both engines. A new instance per
 * call (trpc-to-openapi mutates the number schemas it coerces in query strings).
 */
export const MAX_ID = 2_147_483_647;
export const id = () => z.number().int().positive().max(MAX_ID);
export const idParam = id();
/** A `project` filter (`<id>` or the literal `null`): an id beyond MAX_ID is refused like the id itself. */
export const withinIdRange = (value: string) => value === "null" || Number(value) <= MAX_ID;
export const messageOutput = z.object({ message: z.string() });
