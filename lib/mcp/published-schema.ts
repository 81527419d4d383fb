import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { z } from "zod";

/**
 * Publishes a zod schema's JSON Schema in tools/list while letting every value through the SDK's own
 * validation. Left to the SDK, a bad call would come back as `isError` with plain text and no
 * structuredContent, and a result mismatch likewise — neither is the contract's error shape. Arguments
 * are validated by the service (VALIDATION_ERROR with details.issues), results by runTool.
 */
export function publishedSchema(schema: z.ZodType): StandardSchemaWithJSON {
  const standard = schema["~standard"] as unknown as StandardSchemaWithJSON["~standard"];
  return {
    "~standard": {
      version: 1,
      vendor: "briefs",
      validate: (value: unknown) => ({ value }),
      jsonSchema: standard.jsonSchema,
    },
  };
}
