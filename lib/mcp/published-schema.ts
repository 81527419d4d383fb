import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import { z } from "zod";
import { briefContentParts, briefContentReadSchema } from "@/lib/briefs/schema";
import { leanInputSchema, leanOutputSchema, type ByReference, type SharedPart } from "./lean-json-schema";

type Json = Record<string, unknown>;

const toJson = (schema: z.ZodType, io: "input" | "output") => z.toJSONSchema(schema, { target: "draft-2020-12", io }) as Json;

/** The brief document's recurring parts, once per argument schema that takes content. */
const contentParts: SharedPart[] = Object.entries(briefContentParts).map(([name, part]) => ({ name, schema: toJson(part, "input") }));

/**
 * In results the brief document is named, not restated: its sections and bounds are published once
 * per tool that takes it, as the `content` argument of brief_create and brief_update.
 */
const briefContentByReference: ByReference = {
  schema: toJson(briefContentReadSchema, "output"),
  reference: {
    type: "object",
    description: "As brief_create's content argument.",
  },
};

/**
 * Publishes a zod schema's lean JSON Schema (lean-json-schema.ts) in tools/list while letting every value
 * through the SDK's own validation. Left to the SDK, a bad call would come back as `isError` with plain
 * text and no structuredContent, and a result mismatch likewise — neither is the contract's error
 * shape. Arguments are validated by the service (VALIDATION_ERROR with details.issues), results by
 * runTool against the complete zod schema.
 *
 * The JSON Schema is made once per schema: the SDK converts a tool's schemas for each request's server
 * (the output schema on every tools/call), and zod's conversion of a brief's content schema costs
 * more than the rest of a toggle. It is always JSON Schema 2020-12, the only dialect the SDK asks for.
 */
export function publishedSchema(schema: z.ZodType, role: "input" | "output"): StandardSchemaWithJSON {
  let made: Json | undefined;
  const jsonSchema = () =>
    (made ??=
      role === "input"
        ? leanInputSchema(toJson(schema, "input"), contentParts)
        : leanOutputSchema(toJson(schema, "output"), [briefContentByReference]));
  return {
    "~standard": {
      version: 1,
      vendor: "briefs",
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: jsonSchema, output: jsonSchema },
    },
  };
}
