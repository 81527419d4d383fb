/** A brief with Markdown in every kind of section, written by an agent; some sections are empty. */
export const richContent = {
  goal: "Let **first-time buyers** pay without an account.\n\n### Why now\n\n| Step | Today | Target |\n|---|---|---|\n| Sign-up | required | skipped |\n\nSee [the funnel](https://example.com/funnel) and `checkout.ts`.",
  scope: "",
  outOfScope: "   ",
  requirements: ["A guest pays with a **card**.", "A receipt goes to the [email address](https://example.com/receipts) given."],
  edgeCases: [],
  acceptanceCriteria: [
    { id: "AC-1", text: "Paying as a guest takes at most _three_ steps." },
    { id: "AC-2", text: "Receipt wording approved.", implementation: false, manualEvidence: { rationale: "Legal review", evidencePath: "docs/legal/receipt.pdf" } },
  ],
  technicalSolution: "- Reuse the card form\n- No session for guests",
  testingQaChecklist: [
    { text: "Pay with a test card as a guest", checked: false },
    { text: "Receipt arrives within a minute", checked: false },
  ],
  generatedTickets: [{ id: "T-1", title: "Guest payment form", description: "Card form **without** sign-in.", boundCriteria: ["AC-1"], boundRequirements: ["REQ-1"] }],
  decisions: [{ text: "No account creation at checkout.", source: "Kick-off", stated: true }],
  sourceArtifactLinks: [{ label: "[Funnel analysis](https://example.com/analysis)", kind: "doc", read: true }],
};
