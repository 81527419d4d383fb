/**
 * Brief content restricted to what each spec format holds, for the round-trip properties of
 * lib/import/spec-formats: every generated brief must come back deep-equal after it is written
 * to the format and read again. Text is plain prose (words, punctuation, a little Markdown and
 * other scripts) that no format gives a meaning of its own.
 */
import fc from "fast-check";
import type { AcceptanceCriterion } from "@/lib/briefs/schema";
import { openSpecSlug } from "@/lib/import/spec-formats/openspec";

const words = [
  "invoice", "note", "offline", "sync", "the", "user", "a", "tablet", "client", "schedule", "report",
  "within", "seconds", "after", "before", "review", "export", "système", "naïve", "日本語", "42",
  "user's", "(draft)", "e-mail", "`code`", "*stress*", "100%", "x/y", "\"quoted\"", "résumé", "—",
];
const titleWords = ["Config", "Path", "Export", "Login", "Reset", "Limit", "Offline", "Sync", "Audit", "Billing", "Review", "Drafts", "Links"];

const word = fc.constantFrom(...words);
export const sentence = fc
  .array(word, { minLength: 2, maxLength: 10 })
  .map((list) => `${list[0].charAt(0).toUpperCase()}${list[0].slice(1)} ${list.slice(1).join(" ")}`.trim() + ".");
/** Lines of one paragraph, joined by soft line breaks. */
export const paragraph = fc.array(sentence, { minLength: 1, maxLength: 3 }).map((lines) => lines.join("\n"));
export const longText = fc.array(paragraph, { minLength: 1, maxLength: 3 }).map((paragraphs) => paragraphs.join("\n\n"));
export const textList = fc.array(sentence, { minLength: 1, maxLength: 4 });
export const name = fc.array(fc.constantFrom(...titleWords), { minLength: 1, maxLength: 3 }).map((list) => list.join(" "));

/** Sections every format carries as extra `##` sections when it has no place of its own for them. */
export const extraSections = fc.record(
  {
    scope: longText,
    outOfScope: longText,
    technicalSolution: longText,
    rolesPermissions: textList,
    states: textList,
    testPlanUnit: textList,
    requiredEvidence: fc.uniqueArray(fc.record({ id: fc.constantFrom("EV-1", "EV-2", "EV-3"), text: sentence }), {
      selector: (criterion) => criterion.id,
      minLength: 1,
      maxLength: 2,
    }),
    Glossary: longText,
  },
  { requiredKeys: [] },
);

/** Criteria the formats keep in an extra "Acceptance criteria" section: ids no structure derives. */
const looseCriteria = fc.uniqueArray(fc.record({ id: fc.constantFrom("AC-1", "AC-2", "AC-3", "QA.7"), text: sentence }), {
  selector: (criterion) => criterion.id,
  maxLength: 2,
});

function defined<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0))) as T;
}

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

export const kiroContent = fc
  .record({
    goal: optional(longText),
    requirements: fc.uniqueArray(
      fc.record({
        number: fc.integer({ min: 1, max: 99 }),
        heading: optional(name),
        story: sentence,
        more: optional(sentence),
        criteria: fc.uniqueArray(fc.record({ number: fc.integer({ min: 1, max: 20 }), text: sentence }), { selector: (c) => c.number, maxLength: 4 }),
      }),
      { selector: (requirement) => requirement.number, maxLength: 5 },
    ),
    loose: looseCriteria,
    extras: extraSections,
    edgeCases: optional(textList),
  })
  .map(({ goal, requirements, loose, extras, edgeCases }) =>
    defined({
      goal,
      requirements: requirements.map(
        (r) => `R${r.number}: ${r.heading ? `**${r.heading}** — ` : ""}${r.story}${r.more ? `\n\n${r.more}` : ""}`,
      ),
      acceptanceCriteria: [
        ...requirements.flatMap((r) => r.criteria.map((c) => ({ id: `R${r.number}.${c.number}`, text: c.text }))),
        ...loose,
      ],
      edgeCases,
      ...extras,
    }),
  );

const story = fc.record({
  title: name,
  priority: fc.constantFrom("P1", "P2", "P3"),
  narrative: paragraph,
  why: sentence,
  rule: fc.boolean(),
  scenarios: fc.uniqueArray(
    fc.record({ number: fc.integer({ min: 1, max: 9 }), given: sentence, when: sentence, then: sentence }),
    { selector: (s) => s.number, maxLength: 3 },
  ),
});

export const specKitContent = fc
  .record({
    metadata: optional(fc.constantFrom("**Feature Branch**: `007-exports`\n\n**Status**: Draft", "**Created**: 2026-11-28")),
    intro: optional(paragraph),
    stories: fc.array(story, { maxLength: 3 }),
    edgeCases: optional(textList),
    requirements: fc.array(fc.tuple(fc.boolean(), sentence), { maxLength: 6 }),
    entities: optional(longText),
    outcomes: fc.uniqueArray(fc.record({ id: fc.constantFrom("SC-001", "SC-002", "SC-003", "AC-1", "KPI.2"), text: sentence }), {
      selector: (c) => c.id,
      maxLength: 3,
    }),
    assumptions: optional(longText),
    openQuestions: optional(textList),
    goal: optional(longText),
    extras: extraSections,
  })
  .map(({ metadata, intro, stories, edgeCases, requirements, entities, outcomes, assumptions, openQuestions, goal, extras }) => {
    const chunks = stories.map(
      (s, i) => `### User Story ${i + 1} - ${s.title} (Priority: ${s.priority})\n\n${s.narrative}\n\n**Why this priority**: ${s.why}${s.rule ? "\n\n---" : ""}`,
    );
    const scenarios: AcceptanceCriterion[] = stories.flatMap((s, i) =>
      s.scenarios.map((c) => ({ id: `US${i + 1}.AS${c.number}`, text: `**Given** ${c.given} **When** ${c.when} **Then** ${c.then}` })),
    );
    const context = [intro, ...chunks].filter((part) => part !== undefined).join("\n\n");
    return defined({
      "Feature Specification": metadata,
      userPersonaContext: context === "" ? undefined : context,
      edgeCases,
      requirements: requirements.map(([numbered, text], i) => (numbered ? `FR-${String(i + 1).padStart(3, "0")}: ${text}` : text)),
      dataModelImplications: entities,
      acceptanceCriteria: [...scenarios, ...outcomes],
      architectureAssumptions: assumptions,
      openQuestions,
      goal,
      ...extras,
    });
  });

const scenarioBody = fc
  .tuple(sentence, sentence, optional(sentence))
  .map(([when, then, and]) => `- **WHEN** ${when}\n- **THEN** ${then}${and ? `\n- **AND** ${and}` : ""}`);

export const openSpecContent = fc
  .record({
    goal: optional(longText),
    requirements: fc.uniqueArray(
      fc.record({
        name,
        statement: fc.tuple(fc.boolean(), sentence).map(([shall, text]) => (shall ? `The system SHALL ${text}` : text)),
        titleOnly: fc.boolean(),
        scenarios: fc.uniqueArray(fc.record({ name, body: optional(scenarioBody) }), { selector: (s) => openSpecSlug(s.name), maxLength: 3 }),
      }),
      { selector: (r) => openSpecSlug(r.name), maxLength: 5 },
    ),
    loose: looseCriteria,
    extras: extraSections,
  })
  .map(({ goal, requirements, loose, extras }) =>
    defined({
      goal,
      requirements: requirements.map((r) => (r.titleOnly ? r.name : `${r.name}: ${r.statement}`)),
      acceptanceCriteria: [
        ...requirements.flatMap((r) =>
          r.scenarios.map((s) => ({ id: `${openSpecSlug(r.name)}.${openSpecSlug(s.name)}`, text: s.body ? `${s.name}\n${s.body}` : s.name })),
        ),
        ...loose,
      ],
      ...extras,
    }),
  );
