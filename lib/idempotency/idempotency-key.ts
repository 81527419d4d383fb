import { z } from "zod";
import { IDEMPOTENCY_KEY_MAX } from "@/lib/contract/bounds";

export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX);
