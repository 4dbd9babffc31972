import { z } from "zod";

/** `{ data: X }`, the success envelope of spec 2.1. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Standard collection pagination (spec section 4): page from 1, limit 1..100 (default 20). */
export const paginationInput = {
  page: z.number().int().min(1).default(1).describe("Page number, from 1"),
  limit: z.number().int().min(1).max(100).default(20).describe("Items per page, at most 100"),
};

export const pageMeta = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() });

export function pageMetaOf(page: number, limit: number, total: number) {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}

export const timestamp = z.string().describe("ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ");
export const idParam = z.number().int().positive();
export const messageOutput = z.object({ message: z.string() });
