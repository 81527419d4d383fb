import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { z } from "zod";

type JsonSchemaOf = StandardSchemaWithJSON["~standard"]["jsonSchema"];

/**
 * Publishes a zod schema's JSON Schema in tools/list while letting every value through the SDK's own
 * validation. Left to the SDK, a bad call would come back as `isError` with plain text and no
 * structuredContent, and a result mismatch likewise — neither is the contract's error shape. Arguments
 * are validated by the service (VALIDATION_ERROR with details.issues), results by runTool.
 *
 * The JSON Schema is made once per schema and target: the SDK converts a tool's schemas for each
 * request's server (the output schema on every tools/call), and zod's conversion of a brief's
 * content schema costs more than the rest of a toggle.
 */
export function publishedSchema(schema: z.ZodType): StandardSchemaWithJSON {
  const standard = schema["~standard"] as unknown as StandardSchemaWithJSON["~standard"];
  return {
    "~standard": {
      version: 1,
      vendor: "briefs",
      validate: (value: unknown) => ({ value }),
      jsonSchema: memoised(standard.jsonSchema),
    },
  };
}

function memoised(jsonSchema: JsonSchemaOf): JsonSchemaOf {
  const made = new Map<string, Record<string, unknown>>();
  const once = (io: "input" | "output") => (options: Parameters<JsonSchemaOf["input"]>[0]) => {
    const key = `${io}:${options.target}:${JSON.stringify(options.libraryOptions ?? null)}`;
    let schema = made.get(key);
    if (!schema) made.set(key, (schema = jsonSchema[io](options)));
    return schema;
  };
  return { input: once("input"), output: once("output") };
}
