/**
 * The benchmarks' brief documents: deterministic prose (seeded), so every run stores the same bytes.
 */
import crypto from "node:crypto";
import { longTextSections } from "../../tests/support/content-sections";
import { seededRandom } from "./seeded-random";

// Realistic prose compresses about as well as words drawn at random from a working vocabulary;
// one sentence repeated would compress to almost nothing and flatter the growth figures.
const VOCABULARY = (
  "the a an of to and or in on for with by from at as is are be was were this that each every any all no not " +
  "brief briefs version versions content section sections requirement requirements criterion criteria checklist row rows " +
  "project projects owner editor viewer agent agents token tokens scope scopes approval approvals review reviewer stale " +
  "state states draft drafting baseline baselined development checked closed superseded transition guard history " +
  "user users customer customers manager managers engineer engineers tester testers product team teams release " +
  "store stores stored read reads write writes update updates create creates delete list lists page pages cursor " +
  "must should may can will shall never always only when while after before until unless because so then else " +
  "fast slow large small new old first last next previous current same different exact empty full partial " +
  "error errors conflict retry retries key keys receipt receipts hash hashes lock locks transaction transactions " +
  "database server client clients request requests response responses limit limits size bytes field fields value " +
  "values text label id ids order sequence time timestamp date audit log logs metric metrics alert dashboard " +
  "mobile web browser screen button form dialog menu link links upload download export import report reports search"
).split(" ");

/** Deterministic ASCII prose of exactly `length` characters, different for every label. */
function prose(label: string, length: number): string {
  const next = seededRandom(Number.parseInt(crypto.createHash("sha256").update(label).digest("hex").slice(0, 8), 16));
  let text = `${label}:`;
  while (text.length < length) text += ` ${VOCABULARY[Math.floor(next() * VOCABULARY.length)]}`;
  return `${text.slice(0, length - 1)}.`;
}

/** About 200 KB: every long-text section at its 4000-character bound, full lists, `checklistRows` QA rows. */
export function largeBriefContent(checklistRows: number): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const key of longTextSections) content[key] = prose(key, 4000);
  content.requirements = Array.from({ length: 50 }, (_, i) => prose(`REQ-${i + 1}`, 900));
  content.edgeCases = Array.from({ length: 50 }, (_, i) => prose(`EDGE-${i + 1}`, 500));
  content.acceptanceCriteria = Array.from({ length: 50 }, (_, i) => ({ id: `AC-${i + 1}`, text: prose(`AC-${i + 1}`, 600) }));
  content.testingQaChecklist = Array.from({ length: checklistRows }, (_, i) => ({ text: prose(`QA-${i + 1}`, 300), checked: false }));
  content.testPlanUnit = Array.from({ length: 50 }, (_, i) => prose(`UNIT-${i + 1}`, 300));
  content.testPlanIntegration = Array.from({ length: 50 }, (_, i) => prose(`INT-${i + 1}`, 300));
  content.openQuestions = Array.from({ length: 30 }, (_, i) => prose(`Q-${i + 1}`, 300));
  content.decisions = Array.from({ length: 10 }, (_, i) => ({ text: prose(`DEC-${i + 1}`, 300), stated: true }));
  return content;
}


/**
 * About 7.4 KB stored: a goal, a scope, 10 requirements, 8 acceptance criteria and 20 QA rows — a
 * typical brief in day-to-day use. `label` makes the text of each brief its own.
 */
export function smallBriefContent(label: string): Record<string, unknown> {
  return {
    goal: prose(`${label} goal`, 430),
    scope: prose(`${label} scope`, 430),
    requirements: Array.from({ length: 10 }, (_, i) => prose(`${label} REQ-${i + 1}`, 200)),
    acceptanceCriteria: Array.from({ length: 8 }, (_, i) => ({ id: `AC-${i + 1}`, text: prose(`${label} AC-${i + 1}`, 180) })),
    testingQaChecklist: Array.from({ length: 20 }, (_, i) => ({ text: prose(`${label} QA-${i + 1}`, 70), checked: false })),
  };
}
