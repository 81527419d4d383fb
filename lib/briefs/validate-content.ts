import { Buffer } from "node:buffer";
import canonicalize from "canonicalize";
import { DomainError, validationError, type ValidationIssue } from "../errors";
import { checkStrings } from "../validation/check-strings";
import { MAX_REPORTED_ISSUES } from "../validation/issue-report";
import { plainTreeIssue } from "../validation/plain-tree";
import { issuesFromZod } from "../validation/zod-issues";
import { briefContentSchema, type BriefContent } from "./schema";
import { CONTENT_MAX_BYTES } from "@/lib/contract/bounds";

const ROOT = "content";
const SECTION = "testingQaChecklist";
const ALIAS = "checklist";

type JsonObject = Record<string, unknown>;

/**
 * Turns a client's content into the document to store (docs/contract.md#content), or throws a DomainError.
 *
 * Order: JSON shape → size → strings → alias rule and schema (reported together).
 * Size comes first because it is cheap and bounds the work of everything after it; strings come
 * before the alias rule because RFC 8785 canonicalization refuses lone surrogates.
 *
 * The result is a JSON copy of the input, not zod's parse output: zod rebuilds objects with known
 * keys first and drops a `__proto__` key, while the contract keeps unknown keys and their order.
 * Omitted sections stay omitted; the only change is `checklist` (alias) becoming
 * `testingQaChecklist`, in the same position, or being dropped when it merely mirrors it.
 */
export function parseContentInput(input: unknown): BriefContent {
  const received = jsonCopy(input);
  const aliasOnly = !Object.hasOwn(received, SECTION) && Object.hasOwn(received, ALIAS);
  const stored = resolveChecklistAlias(received);

  // Measured on the document as it will be stored, so that stored content is always within the
  // limit and can be sent back as it was returned (minus the mirror) without tripping it.
  const size = Buffer.byteLength(JSON.stringify(stored), "utf8");
  if (size > CONTENT_MAX_BYTES) {
    throw new DomainError(
      "CONTENT_TOO_LARGE",
      `The content is ${size} bytes of JSON; the limit is ${CONTENT_MAX_BYTES} bytes.`,
      { size, limit: CONTENT_MAX_BYTES },
    );
  }

  const stringIssues = checkStrings(received, ROOT);
  if (stringIssues.length > 0) throw validationError(stringIssues);

  const issues: ValidationIssue[] = [];
  if (Object.hasOwn(received, SECTION) && Object.hasOwn(received, ALIAS)) {
    if (canonicalize(received[SECTION]) !== canonicalize(received[ALIAS])) {
      issues.push({
        path: `${ROOT}.${ALIAS}`,
        message: `${ALIAS} is a read-only mirror of ${SECTION}; send only ${SECTION}, or both with equal items.`,
      });
    }
  }
  const parsed = briefContentSchema.safeParse(stored);
  if (!parsed.success) {
    // Report alias-only errors under the name the client used.
    issues.push(
      ...issuesFromZod(parsed.error, ROOT).map((issue) =>
        aliasOnly && issue.path.startsWith(`${ROOT}.${SECTION}`)
          ? { ...issue, path: `${ROOT}.${ALIAS}${issue.path.slice(`${ROOT}.${SECTION}`.length)}` }
          : issue,
      ),
    );
  }
  if (issues.length > 0) throw validationError(issues.slice(0, MAX_REPORTED_ISSUES));

  return stored as BriefContent;
}

function notAnObject(): DomainError {
  return validationError([{ path: ROOT, message: "Expected a JSON object." }]);
}

/** A fresh, JSON-only copy: no shared references with the caller, no values JSON cannot carry. */
function jsonCopy(input: unknown): JsonObject {
  if (typeof input !== "object" || input === null || Array.isArray(input)) throw notAnObject();
  // Before JSON.stringify, which would loop on a cycle and expand every shared reference.
  const structural = plainTreeIssue(input, ROOT);
  if (structural) throw validationError([structural]);
  let serialized: string | undefined;
  try {
    serialized = JSON.stringify(input);
  } catch {
    // Cycles, BigInt, or nesting deeper than the engine can serialize.
    throw validationError([{ path: ROOT, message: "Expected plain JSON (no cycles, no BigInt, bounded depth)." }]);
  }
  const copy: unknown = serialized === undefined ? undefined : JSON.parse(serialized);
  if (typeof copy !== "object" || copy === null || Array.isArray(copy)) throw notAnObject();
  return copy as JsonObject;
}

// Object.fromEntries defines properties, so even a `__proto__` key survives as plain data.
function resolveChecklistAlias(content: JsonObject): JsonObject {
  if (!Object.hasOwn(content, ALIAS)) return content;
  if (Object.hasOwn(content, SECTION)) {
    return Object.fromEntries(Object.entries(content).filter(([key]) => key !== ALIAS));
  }
  return Object.fromEntries(Object.entries(content).map(([key, value]) => [key === ALIAS ? SECTION : key, value]));
}
