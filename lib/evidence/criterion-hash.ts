import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import type { AcceptanceCriterion } from "@/lib/briefs/schema";

/**
 * What evidence is pinned to (docs/contract.md#evidence): "sha256:" + the SHA-256 of the criterion's
 * RFC 8785 canonical JSON, exactly as stored. Editing the criterion changes it; moving it does not.
 */
export function criterionHash(criterion: AcceptanceCriterion): string {
  const canonical = canonicalize(criterion);
  if (canonical === undefined) throw new TypeError("The criterion has no JSON representation.");
  return `sha256:${createHash("sha256").update(canonical, "utf8").digest("hex")}`;
}
