/**
 * What the three prompts ask of the agent, in our words. Each names the real tools and their
 * preconditions (docs/mcp.md), and leaves every change of requirements or state to the person.
 */
export type PromptBrief = { briefId: string; versionNum: number };

const about = (brief: PromptBrief) => `attached above (briefId ${brief.briefId}, version ${brief.versionNum})`;

const READ_ONLY_NOTE =
  "If your connection may only read (no brief:write scope; with brief:propose you may still propose), make no writes: " +
  "report what you would have recorded instead.";

const TICK_RULES =
  "Tick a row with brief_checklist_update: its index and expectedText exactly as brief_get_full returned them, checked: " +
  "true, ifVersionNum the brief's current versionNum and a new idempotencyKey. Every write returns the brief with its new " +
  "versionNum: use that one for the next call. On BRIEF_VERSION_CONFLICT, read the brief again with brief_get_full and " +
  "retry with a new key.";

export function implementBriefText(brief: PromptBrief): string {
  return [
    `Implement the brief ${about(brief)} in this codebase, and record in Briefs how you verified it.`,
    "",
    "1. Read it with brief_get_full: note brief.versionNum, the state, and every row of content.testingQaChecklist with " +
      "its index and exact text. If the state is baselined, ask me whether to move it to in_development (brief_transition) " +
      "before you start; if it is drafting or in_review, its requirements are not agreed yet: ask me whether to go ahead.",
    "2. Before you start a generated ticket, claim it with brief_work_order_update (ticketId, status in_progress); " +
      "report in_review and done the same way, with links to the issue, pull request and commits. A person sees who is on " +
      "which ticket from these reports.",
    "3. Build what the requirements ask, inside the scope and not what is out of scope, and handle the edge cases. Where a " +
      "requirement is unclear, contradicts another or cannot be met, stop and ask me. Do not change the brief's content " +
      "yourself; suggest a change with brief_propose.",
    "4. Done is not proven. For each acceptance criterion your work covers, run the tests or checks that show it holds and " +
      "record them with brief_evidence_add: criterionIds, kind (test_run, pull_request, commit, screenshot, log, document, " +
      "link), result pass or fail, a Markdown summary, and a url or a file. Record failures too: a failing result opens a " +
      "finding. A criterion counts as proven only with passing evidence for its current text.",
    `5. Then tick the QA-checklist row that proof covers. ${TICK_RULES} Tick only what you verified.`,
    "6. Finish with brief_trace and report its gaps: criteria not proven, tickets done but not proven, open findings, " +
      "requirements no ticket covers. If every row is checked and nothing is missing, ask me whether to move the brief " +
      "to checked (brief_transition).",
    "",
    READ_ONLY_NOTE,
  ].join("\n");
}

export function reviewBriefText(brief: PromptBrief, focus?: string): string {
  return [
    `Review the requirements of the brief ${about(brief)} for quality` +
      (focus ? `, looking hardest at: ${focus}` : "") +
      ". Judge whether they are:",
    "- complete: goal, users, scope and out of scope are stated; every requirement has acceptance criteria; roles, " +
      "permissions and states are covered where they matter;",
    "- clear: each can be read only one way, and words like fast, easy or secure come with a measure;",
    "- consistent: nothing contradicts another requirement, the scope, a decision or an acceptance criterion;",
    "- measurable: each acceptance criterion can be checked as pass or fail, and required evidence says what proves it;",
    "- covering edge cases: empty, maximal and invalid input, failures, concurrent use, permissions, existing data.",
    "",
    "Tell me what you find under those five headings, each point with the section it concerns, the problem and a " +
      "concrete suggestion, and list open questions apart. Record each point with brief_collection_append, collection " +
      'findings, for example {"section": "requirements[2]", "quality": "measurable", "problem": "…", "suggestion": "…"}.',
    "",
    "Do not write into the brief (no brief_update). Propose the changes you suggest with brief_propose: baseVersionNum the " +
      "versionNum you read, changes holding only the sections you change (each section's whole new value, as in " +
      "brief_update's content), a short Markdown summary of what and why, and a new idempotencyKey. One proposal per " +
      "coherent change is easier to accept than one for everything. A person accepts or rejects each proposal in Briefs; " +
      "tell me the proposal ids and whether each is mergeable. To revise one, propose again with supersedes: its id.",
    "",
    READ_ONLY_NOTE,
  ].join("\n");
}

export function qaPassText(brief: PromptBrief): string {
  return [
    `Do a QA pass of the brief ${about(brief)}: check the product against every QA-checklist row and every acceptance ` +
      "criterion, and record the results in Briefs.",
    "",
    "1. Read it with brief_get_full for the rows' indices and exact texts, the versionNum and the state, and with " +
      "brief_trace for each criterion's status and the open findings.",
    "2. Test each row and each criterion: run the tests, use the feature, read the code where that is the evidence. Decide " +
      "pass or fail; if you cannot test something, say so rather than guess.",
    "3. Record every result with brief_evidence_add: the criterionIds it covers, kind, result pass or fail, a Markdown " +
      "summary (for a failure: what you expected, what happened, the steps), and a url or a file such as a screenshot. A " +
      "failing result opens a finding; passing evidence for its criteria resolves it.",
    `4. A pass: then tick the row. ${TICK_RULES} A failure: leave the row unticked; if it is checked, ask me before you ` +
      "untick it: unticking a row of a checked brief moves it back to in_development.",
    "5. Finish with a table: row or criterion, result, evidence or finding, and brief_trace's gaps. If every row is " +
      "checked, every criterion proven and the brief is in_development, ask me whether to move it to checked " +
      "(brief_transition).",
    "",
    READ_ONLY_NOTE,
  ].join("\n");
}
