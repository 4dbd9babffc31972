import { z } from "zod";
import { describe, expect, it } from "vitest";
import { strictBodyTypes } from "../../src/server/api/http/strict-json";

const schema = z.object({
  enabled: z.boolean().default(true),
  order: z.number().int().optional(),
  project_id: z.number().int().nullable().optional(),
  config: z.object({ timeout: z.number() }).optional(),
  ids: z.array(z.number()).optional(),
  name: z.string(),
});

describe("strict JSON body types (the adapter would coerce them)", () => {
  it("refuses strings and nulls where the schema states numbers and booleans", () => {
    expect(
      strictBodyTypes({ enabled: "false", order: null, config: { timeout: "5" }, ids: [1, "2"], name: "x" }, schema),
    ).toEqual({
      enabled: ["Expected boolean, received string"],
      order: ["Expected number, received null"],
      "config.timeout": ["Expected number, received string"],
      "ids.1": ["Expected number, received string"],
    });
  });

  it("lets well-typed bodies, nullable nulls and unknown keys through to zod", () => {
    expect(strictBodyTypes({ enabled: false, order: 5, project_id: null, name: "x", extra: "y" }, schema)).toBeNull();
  });
});
