import { z } from "zod";

/** Fields every result shape shares (docs/contract.md#result-shapes), described once for the published schemas. */
export const roleSchema = z.enum(["owner", "editor", "reviewer", "viewer"]);
export const timestamp = z.string().describe("RFC 3339 timestamp in UTC.");
export const nextCursor = z
  .string()
  .nullable()
  .describe("Pass as `cursor` to get the next page; null means the listing is complete.");
export const versionHash = z.string().describe('"sha256:" + hex digest of the RFC 8785 canonical JSON of the content.');
