import { z } from "zod";

export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .describe("Makes the write exactly-once: reuse the same key only to retry this same call with unchanged arguments.");
