/**
 * The small grammars inside list rows: a criterion's id and manual evidence, a checklist row's
 * attribution, a ticket's bound ids, a decision's or link's facts in brackets. Each `format*` is
 * what the export writes; each `parse*` reads that back and, where other documents have a common
 * way of writing the same thing, that too.
 */
import type { AcceptanceCriterion, Decision, SourceArtifactLink } from "@/lib/briefs/schema";

const ID = "[A-Za-z0-9][A-Za-z0-9._:-]*";
// A bold word is an id only when it looks like one (a digit or a separator), so "**Given** a user" stays text.
const boldId = /^\*\*([A-Za-z0-9](?=[A-Za-z0-9._:-]*[0-9._:-])[A-Za-z0-9._:-]*?):?\*\*:?[ \t]+/;
const bracketId = new RegExp(`^\\[(${ID})\\][ \\t]+`);
// Ids as documents write them: AC-2, SC-001, R1.1, FR-3 — a hyphen or a dot, so "V2 of" is text.
const plainId = /^([A-Z][A-Z0-9]{0,9}[-.]\d+(?:[.-]\d+)*)(?::|\.|\))?[ \t]+/;

export function splitId(text: string): { id: string | null; rest: string } {
  for (const pattern of [boldId, bracketId, plainId]) {
    const found = pattern.exec(text);
    if (found) return { id: found[1], rest: text.slice(found[0].length) };
  }
  return { id: null, rest: text };
}

const manualEvidenceLine = /\nManual evidence: ([^\n]+) \(([^\n]+)\)$/;

export function formatCriterion(item: AcceptanceCriterion): string {
  const lines = [`**${item.id}** ${item.text}`];
  if (item.implementation === false && item.manualEvidence) {
    lines.push(`Manual evidence: ${item.manualEvidence.rationale} (${item.manualEvidence.evidencePath})`);
  }
  return lines.join("\n");
}

export function parseCriterion(text: string, nextId: () => string): AcceptanceCriterion {
  const { id, rest } = splitId(text);
  const evidence = manualEvidenceLine.exec(rest);
  if (evidence) {
    return {
      id: id ?? nextId(),
      text: rest.slice(0, evidence.index),
      implementation: false,
      manualEvidence: { rationale: evidence[1], evidencePath: evidence[2] },
    };
  }
  return { id: id ?? nextId(), text: rest };
}

const attribution = /^([\s\S]*) — checked by [^\n]*$/;

export function formatChecklistText(text: string, checked: boolean, checkedBy?: string, checkedAt?: string): string {
  const who = checked && checkedBy ? ` — checked by ${checkedBy}${checkedAt ? ` at ${checkedAt}` : ""}` : "";
  return `[${checked ? "x" : " "}] ${text}${who}`;
}

/** A checked row's text without the "checked by" note the export adds: an import records its own. */
export function withoutAttribution(text: string, checked: boolean): string {
  if (!checked) return text;
  const found = attribution.exec(text);
  return found ? found[1] : text;
}

export function formatDecision(item: Decision): string {
  const facts = [item.source === undefined ? null : `source: ${item.source}`, item.stated === undefined ? null : item.stated ? "stated" : "inferred"];
  const written = facts.filter((fact) => fact !== null).join("; ");
  return written ? `${item.text} (${written})` : item.text;
}

export function parseDecision(text: string): Decision {
  const stance = /^([\s\S]+) \((stated|inferred)\)$/.exec(text);
  if (stance) return { text: stance[1], stated: stance[2] === "stated" };
  const sourced = /^([\s\S]+) \(source: ([^\n]*?)(?:; (stated|inferred))?\)$/.exec(text);
  if (!sourced) return { text };
  const decision: Decision = { text: sourced[1], source: sourced[2] };
  if (sourced[3]) decision.stated = sourced[3] === "stated";
  return decision;
}

export function formatLink(item: SourceArtifactLink): string {
  const facts = [item.kind === undefined ? null : `kind: ${item.kind}`, item.read === undefined ? null : item.read ? "read" : "unread"];
  const written = facts.filter((fact) => fact !== null).join("; ");
  return written ? `${item.label} (${written})` : item.label;
}

export function parseLink(text: string): SourceArtifactLink {
  const state = /^([\s\S]+) \((read|unread)\)$/.exec(text);
  if (state) return { label: state[1], read: state[2] === "read" };
  const kinded = /^([\s\S]+) \(kind: ([^\n]*?)(?:; (read|unread))?\)$/.exec(text);
  if (!kinded) return { label: text };
  const link: SourceArtifactLink = { label: kinded[1], kind: kinded[2] };
  if (kinded[3]) link.read = kinded[3] === "read";
  return link;
}

export function formatBound(criteria: string[], requirements: string[] | undefined): string {
  const list = (ids: string[] | undefined) => (ids && ids.length ? ids.join(", ") : "none");
  return `_Criteria: ${list(criteria)} · Requirements: ${list(requirements)}_`;
}

export function parseBound(line: string): { boundCriteria: string[]; boundRequirements: string[] } | null {
  const found = /^_Criteria: ([^\n·]*) · Requirements: ([^\n·]*)_$/.exec(line);
  if (!found) return null;
  const list = (written: string) => (written === "none" ? [] : written.split(", "));
  return { boundCriteria: list(found[1]), boundRequirements: list(found[2]) };
}

/** A checklist row without who added and ticked it: the importer's to set, never the file's. */
export function unattributedRow(row: unknown): unknown {
  if (typeof row !== "object" || row === null || Array.isArray(row)) return row;
  const copy: Record<string, unknown> = { ...row };
  for (const field of ["addedBy", "checkedBy", "checkedAt"]) delete copy[field];
  return copy;
}
