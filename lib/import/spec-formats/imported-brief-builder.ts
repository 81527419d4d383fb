/**
 * Collects what a spec reader finds — content, where each heading went, QA checklist rows — and
 * turns it into an ImportedBrief only when it is a valid brief: bounds first with messages naming
 * what to shorten, then the contract's own validation. Nothing is written anywhere.
 */
import type { AcceptanceCriterion, BriefContent } from "@/lib/briefs/schema";
import { parseContentInput } from "@/lib/briefs/validate-content";
import type { HeadingPlacement, ImportedBrief, SourceFormat } from "../import-report";
import { contractKeyForHeading, isReservedName, readContractSection, type ChecklistRow } from "./contract-sections";
import { blocksText, uniqueId } from "./document-parts";
import { assertImportBounds } from "./imported-bounds";
import { descendantHeadings, sectionText, type OutlineHeading, type OutlineSection } from "./markdown-outline";

export class ImportedBriefBuilder {
  private readonly content: Record<string, unknown> = {};
  private readonly headings: HeadingPlacement[] = [];
  private readonly checklist: ChecklistRow[] = [];
  // Criteria are referred to by id (tickets, evidence, the trace); two with one id would be one.
  private readonly criterionIds = { acceptanceCriteria: new Set<string>(), requiredEvidence: new Set<string>() };

  constructor(private readonly source: string) {}

  has(key: string): boolean {
    return Object.hasOwn(this.content, key);
  }

  get(key: string): unknown {
    return this.content[key];
  }

  /** Sets a section; an empty text or list is no section at all, as the contract has it. */
  set(key: string, value: unknown): void {
    if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return;
    this.content[key] = value;
  }

  /** Adds rows to a list section; a criterion whose id is taken gets `-2`, `-3`, … */
  append(key: string, items: unknown[]): void {
    const existing = this.content[key];
    const used = this.criterionIds[key as keyof typeof this.criterionIds];
    const added = used ? (items as AcceptanceCriterion[]).map((criterion) => ({ ...criterion, id: uniqueId(used, criterion.id) })) : items;
    this.set(key, [...(Array.isArray(existing) ? existing : []), ...added]);
  }

  place(heading: OutlineHeading, section: string, placement: HeadingPlacement["placement"]): void {
    this.headings.push({ heading: heading.text, depth: heading.depth, line: heading.line, section, placement });
  }

  /** Deeper headings whose text stayed inside a section's Markdown. */
  placeInside(section: OutlineSection, key: string): void {
    for (const heading of descendantHeadings(section)) this.place(heading, key, "inside");
  }

  /** Text that fits no section, under a key named after its heading. Returns the key. */
  keep(heading: OutlineHeading, text: string): string {
    const key = this.keepText(heading.text, text);
    this.place(heading, key, "kept");
    return key;
  }

  /** Text with no heading of its own (before the first section, or around a format's lists). */
  keepText(name: string, text: string): string {
    const key = this.keptKey(name);
    this.set(key, text.trim());
    return key;
  }

  /** A section that says what the brief is for: its whole text, deeper headings included, is the goal. */
  readGoal(section: OutlineSection, text: string): void {
    this.set("goal", text);
    this.place(section.heading, "goal", "section");
    this.placeInside(section, "goal");
  }

  /**
   * A "Requirements" section of a format that heads each requirement of its own: its lead text is
   * kept, each heading `isRequirement` accepts goes to `readRequirement`, any other is read as usual.
   */
  readRequirementsSection(section: OutlineSection, isRequirement: (heading: string) => boolean, readRequirement: (child: OutlineSection) => void): void {
    this.place(section.heading, "requirements", "section");
    this.keepText(section.heading.text, blocksText(this.source, section.body));
    for (const child of section.children) {
      if (isRequirement(child.heading.text)) readRequirement(child);
      else this.readOther(child);
    }
  }

  /** A whole section, deeper headings included, kept as text. */
  keepSection(section: OutlineSection): void {
    const key = this.keep(section.heading, sectionText(this.source, section));
    this.placeInside(section, key);
  }

  /**
   * A section outside the format's own structure: a contract section when its heading names one
   * that is still empty and its text has that section's shape, else kept as text.
   */
  readOther(section: OutlineSection): void {
    const key = contractKeyForHeading(section.heading.text);
    // A list section may already hold what the format's structure gave it; the rest follows it.
    // A text section is read only once.
    if (key !== null && !(typeof this.content[key] === "string")) {
      const value = readContractSection(key, section, this.source);
      if (value !== null) {
        if (key === "testingQaChecklist") this.checklist.push(...(value as ChecklistRow[]));
        else if (Array.isArray(value)) this.append(key, value);
        else this.set(key, value);
        this.place(section.heading, key, "section");
        this.placeInside(section, key);
        return;
      }
    }
    this.keepSection(section);
  }

  build(title: string | null, format: SourceFormat): ImportedBrief {
    const content = this.content as BriefContent;
    assertImportBounds(content);
    return {
      title,
      content: parseContentInput(content),
      headings: [...this.headings].sort((a, b) => a.line - b.line),
      checklist: [...this.checklist],
      format,
    };
  }

  /**
   * The heading itself, unless a contract section goes by that name (re-importing an export would
   * then read it as that section) or the brief already has that key.
   */
  private keptKey(heading: string): string {
    // Spec Kit's `*(mandatory)*` marks say how to fill a template, not what the section is.
    const name = heading.replace(/\s*\*\([^)]*\)\*\s*/g, " ").trim() || "Untitled section";
    const base = isReservedName(name) ? `${name} (notes)` : name;
    let key = base;
    for (let n = 2; this.has(key); n += 1) key = `${base} (${n})`;
    return key;
  }
}
