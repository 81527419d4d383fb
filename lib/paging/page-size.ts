import { z } from "zod";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export const limitSchema = z.number().int().min(1).max(MAX_PAGE_SIZE);
