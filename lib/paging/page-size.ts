import { z } from "zod";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "@/lib/contract/bounds";

export const DEFAULT_PAGE_SIZE = PAGE_LIMIT_DEFAULT;

export const limitSchema = z.number().int().min(1).max(PAGE_LIMIT_MAX);
