import { z } from "zod";
import { IDEMPOTENCY_KEY_MAX } from "@/lib/contract/bounds";

export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX)
  .describe("Makes the write exactly-once: reuse the same key only to retry this same call with unchanged arguments.");
