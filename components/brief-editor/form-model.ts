import type { z } from "zod";
import { briefContentSchema, titleSchema, type AcceptanceCriterion, type BriefContent, type Decision, type GeneratedTicket, type QaChecklistItem, type SourceArtifactLink } from "@/lib/briefs/schema";
import { CONTENT_MAX_BYTES } from "@/lib/contract/bounds";
import { checkStrings } from "@/lib/validation/check-strings";
import { issuesFromZod } from "@/lib/validation/zod-issues";
import type { ValidationIssue } from "@/lib/errors";
import { CHECKLIST_MIRROR_KEY, isSectionKey, sectionDef, sectionKeys, type LongTextKey, type SectionKey, type TextListKey } from "./sections";

/**
 * The editor's working copy of a brief. Sections hold rows with a stable `key` (for React, so a
 * reordered row keeps its input) and, for checklist rows, the row's position in the version the
 * draft started from (`origIndex`), so a tick made meanwhile can be carried into the draft.
 * An `undefined` section is an omitted one: omission and an empty value are different (docs/contract.md#content).
 */
export type Row<T> = { key: string; value: T; origIndex?: number };

export type SectionValues = { [K in LongTextKey]?: string } & { [K in TextListKey]?: Row<string>[] } & {
  acceptanceCriteria?: Row<AcceptanceCriterion>[];
  requiredEvidence?: Row<AcceptanceCriterion>[];
  testingQaChecklist?: Row<QaChecklistItem>[];
  generatedTickets?: Row<GeneratedTicket>[];
  decisions?: Row<Decision>[];
  sourceArtifactLinks?: Row<SourceArtifactLink>[];
};

export type FormModel = { title: string; sections: SectionValues };

type Json = Record<string, unknown>;

let rowCounter = 0;
/** Keys for rows added in the browser; rows read from a version get deterministic keys. */
export function newRowKey(): string {
  rowCounter += 1;
  return `new-${rowCounter}`;
}

/** Whether a stored section has the shape the form edits; anything else is shown read-only and kept. */
export function isEditableSection(key: SectionKey, value: unknown): boolean {
  return sectionDef(key).kind === "longText" ? typeof value === "string" : Array.isArray(value);
}

/** Keys shown read-only and sent back as they are: unknown keys, `_draft`, and malformed sections. */
export function readOnlyKeys(content: BriefContent): string[] {
  return Object.keys(content).filter(
    (key) => key !== CHECKLIST_MIRROR_KEY && (!isSectionKey(key) || !isEditableSection(key, content[key])),
  );
}

export function modelFromContent(title: string, content: BriefContent, keyPrefix: string): FormModel {
  const sections: Json = {};
  for (const key of sectionKeys) {
    const value = content[key];
    if (value === undefined || !isEditableSection(key, value)) continue;
    sections[key] =
      sectionDef(key).kind === "longText"
        ? value
        : (value as unknown[]).map((item, index) => ({ key: `${keyPrefix}-${key}-${index}`, value: item, origIndex: index }));
  }
  return { title, sections: sections as SectionValues };
}

function itemToJson(key: SectionKey, value: unknown): unknown {
  switch (sectionDef(key).kind) {
    case "checklist": {
      // Attribution is the server's (docs/contract.md#checklist-attribution): send what a person decides, text and checked.
      const row = value as QaChecklistItem;
      return { text: row.text, checked: row.checked };
    }
    case "tickets": {
      const ticket = value as GeneratedTicket;
      // Writes must bind requirements; legacy tickets without the list get an empty one.
      return {
        id: ticket.id,
        title: ticket.title,
        description: ticket.description,
        boundCriteria: ticket.boundCriteria,
        boundRequirements: ticket.boundRequirements ?? [],
      };
    }
    case "criteria": {
      const criterion = value as AcceptanceCriterion;
      return withoutUndefined({
        id: criterion.id,
        text: criterion.text,
        implementation: criterion.implementation,
        manualEvidence: criterion.manualEvidence,
      });
    }
    case "decisions": {
      const decision = value as Decision;
      return withoutUndefined({ text: decision.text, source: decision.source, stated: decision.stated });
    }
    case "links": {
      const link = value as SourceArtifactLink;
      return withoutUndefined({ label: link.label, kind: link.kind, read: link.read });
    }
    default:
      return value;
  }
}

function withoutUndefined(object: Json): Json {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

/** One section of the draft as it would be sent (and as read mode and the preview show it). */
export function sectionToJson(model: FormModel, key: SectionKey): unknown {
  const value = model.sections[key];
  if (value === undefined) return undefined;
  if (typeof value === "string") return value;
  return (value as Row<unknown>[]).map((row) => itemToJson(key, row.value));
}

/**
 * The document to send: the base's keys in their order (unknown keys and `_draft` unchanged, the
 * checklist mirror dropped), the form's sections in place of the known ones, and sections that
 * are new to this brief appended in the order of docs/contract.md#content-sections.
 */
export function contentFromModel(model: FormModel, base: BriefContent): Json {
  const entries: [string, unknown][] = [];
  const seen = new Set<string>();
  for (const key of Object.keys(base)) {
    if (key === CHECKLIST_MIRROR_KEY) continue;
    seen.add(key);
    if (isSectionKey(key) && isEditableSection(key, base[key])) {
      const value = sectionToJson(model, key);
      if (value !== undefined) entries.push([key, value]);
    } else {
      entries.push([key, base[key]]);
    }
  }
  for (const key of sectionKeys) {
    if (seen.has(key)) continue;
    const value = sectionToJson(model, key);
    if (value !== undefined) entries.push([key, value]);
  }
  // fromEntries defines properties, so even a "__proto__" key stays plain data.
  return Object.fromEntries(entries);
}

/** What a save would send, as text: two drafts that would send the same thing compare equal. */
export function contentFingerprint(model: FormModel, base: BriefContent): string {
  return JSON.stringify(contentFromModel(model, base));
}

/**
 * Sets a section, keeping omission: emptying a section the base did not have omits it again,
 * while emptying one it had sends the empty value (which means "none").
 */
export function withSection<K extends SectionKey>(model: FormModel, key: K, value: SectionValues[K], base: BriefContent): FormModel {
  const empty = value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
  const next = empty && base[key] === undefined ? undefined : value;
  return { ...model, sections: { ...model.sections, [key]: next } };
}

/** Friendlier words for zod's generic messages; the schema's own messages win over these. */
const friendlyErrors: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === "too_small" && issue.origin === "string") return "Must not be empty.";
  if (issue.code === "too_big" && issue.origin === "string") return `Too long: at most ${issue.maximum} characters.`;
  if (issue.code === "too_big" && issue.origin === "array") return `Too many: at most ${issue.maximum} items.`;
  if (issue.code === "invalid_type" && issue.input === undefined) return "Required.";
  return undefined;
};

/**
 * Checks the draft with the same schema the server uses (lib/briefs/schema.ts), reporting issues
 * with the server's paths (`title`, `content.requirements[3]`) so both land on the same field.
 */
export function validateDraft(model: FormModel, base: BriefContent): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const title = titleSchema.safeParse(model.title, { error: friendlyErrors });
  if (!title.success) issues.push(...issuesFromZod(title.error, "title"));
  const content = contentFromModel(model, base);
  issues.push(...checkStrings(model.title, "title"), ...checkStrings(content, "content"));
  const parsed = briefContentSchema.safeParse(content, { error: friendlyErrors });
  if (!parsed.success) issues.push(...issuesFromZod(parsed.error, "content"));
  const size = new TextEncoder().encode(JSON.stringify(content)).length;
  if (size > CONTENT_MAX_BYTES) {
    issues.push({ path: "content", message: `The brief is ${size} bytes of JSON; the limit is ${CONTENT_MAX_BYTES} bytes.` });
  }
  return issues;
}

export function issuesByPath(issues: readonly ValidationIssue[]): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const issue of issues) byPath[issue.path] ??= issue.message;
  return byPath;
}

/** Path of a section or of a field inside it, as the server reports it. */
export function fieldPath(key: SectionKey, index?: number, field?: string): string {
  let path = `content.${key}`;
  if (index !== undefined) path += `[${index}]`;
  if (field) path += `.${field}`;
  return path;
}

/** A DOM id for a field path (`content.requirements[3]` → `f-content-requirements-3`). */
export function fieldId(path: string): string {
  return `f-${path.replace(/[^A-Za-z0-9]+/g, "-").replace(/-+$/, "")}`;
}
