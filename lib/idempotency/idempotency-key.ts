import { z } from "zod";
import { IDEMPOTENCY_KEY_MAX } from "@/lib/contract/bounds";

export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX)
  .describe("A new key per intended change; reuse it only to retry the same call.");
