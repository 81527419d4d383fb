import { createHash } from "node:crypto";
import canonicalize from "canonicalize";

/**
 * The service's hashes, all SHA-256 over RFC 8785 (JCS) canonical JSON, so equal JSON hashes equally
 * whatever its key order or number spelling. They throw on values JCS cannot represent (lone
 * surrogates, NaN); validated input has none.
 */

type JsonObject = Record<string, unknown>;

function canonicalSha256(value: unknown): string {
  const canonical = canonicalize(value);
  if (canonical === undefined) throw new TypeError("The value has no JSON representation.");
  return createHash("sha256").update(canonical, "utf8").digest("hex");
}

function without(object: JsonObject, keys: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));
}

/**
 * `currentVersionHash` (docs/contract.md#hashes): over the stored content, server attribution included. The
 * `checklist` mirror is excluded so the hash equals that of any returned content minus the mirror.
 */
export function contentHash(content: JsonObject): string {
  return `sha256:${canonicalSha256(without(content, ["checklist"]))}`;
}

/**
 * Approvals bind to the requirements, not to QA's working list or the editor's scratch space, so
 * ticking checklist rows or saving a draft never stales an approval (docs/contract.md#approvals).
 */
export function approvalHash(content: JsonObject): string {
  return `sha256:${canonicalSha256(without(content, ["testingQaChecklist", "_draft", "checklist"]))}`;
}

/**
 * Identifies "the same logical mutation" for an idempotency key (docs/contract.md#idempotency): every argument but
 * the key itself. Plain hex, no prefix: it is compared, never shown as a content hash.
 */
export function fingerprint(args: JsonObject): string {
  return canonicalSha256(without(args, ["idempotencyKey"]));
}
