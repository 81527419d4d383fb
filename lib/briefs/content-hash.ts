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
 * The same SHA-256 as `canonicalSha256` of the object made of these sections, built from each
 * section's canonical text: RFC 8785 writes an object as its keys in UTF-16 code-unit order, each
 * as a JSON string, a colon, and the value's canonical text. Lets a write re-canonicalise only the
 * sections it changed (lib/briefs/brief-document.ts).
 */
export function canonicalHashOfSections(sections: ReadonlyArray<readonly [key: string, canonical: string]>, excluded: ReadonlySet<string>): string {
  const kept = sections.filter(([key]) => !excluded.has(key)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const hash = createHash("sha256").update("{", "utf8");
  kept.forEach(([key, canonical], i) => {
    const name = canonicalize(key);
    if (name === undefined) throw new TypeError("A key has no JSON representation.");
    hash.update(`${i ? "," : ""}${name}:`, "utf8").update(canonical, "utf8");
  });
  return hash.update("}", "utf8").digest("hex");
}

/**
 * Identifies "the same logical mutation" for an idempotency key (docs/contract.md#idempotency): every argument but
 * the key itself. Plain hex, no prefix: it is compared, never shown as a content hash.
 */
export function fingerprint(args: JsonObject): string {
  return canonicalSha256(without(args, ["idempotencyKey"]));
}
