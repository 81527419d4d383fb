import { EXAMPLE, type BuiltInTemplate } from "./built-in-template";

export const experiment: BuiltInTemplate = {
  name: "Experiment",
  description: "A test of a hypothesis: what we believe, how we will measure it, and the decision each result leads to.",
  content: {
    goal:
      "The hypothesis, in the form: \"We believe that [change] for [audience] will [effect on metric], because [evidence].\" " +
      "Then the decision this experiment informs.",
    userPersonaContext: "The audience: who is included, who is excluded (staff, new accounts, a region), and how they are assigned to variants.",
    scope:
      "Variants (control and each treatment), the traffic split, the primary metric, guardrail metrics that must not get worse, " +
      "the minimum detectable effect and the sample size or duration it needs.",
    outOfScope: "Changes that are not part of the test, so that a result can be attributed to the change being tested.",
    requirements: [
      `${EXAMPLE} R1. 50% of new sign-ups see the shortened onboarding; assignment is stable per account.`,
      `${EXAMPLE} R2. Assignment and the primary metric are recorded for every participant.`,
    ],
    edgeCases: [`${EXAMPLE} A person who signs up on two devices stays in one variant.`],
    acceptanceCriteria: [
      { id: "AC-1", text: `${EXAMPLE} Assignment is verified balanced (within 1%) after the first day.` },
      { id: "AC-2", text: `${EXAMPLE} The primary metric can be read per variant from the dashboard.` },
    ],
    productSolution:
      "What each variant looks like to a participant. Link the screens of each.",
    testingQaChecklist: [
      { text: "Each variant seen end to end by a tester assigned to it", checked: false },
      { text: "Events for assignment and the primary metric arrive with the variant attached", checked: false },
      { text: "Guardrail metrics and their stop thresholds are on the dashboard", checked: false },
      { text: "The switch to end the experiment and return everyone to control is tested", checked: false },
    ],
    openQuestions: [`${EXAMPLE} If the result is flat, do we ship the simpler variant anyway?`],
    decisions: [
      { text: "Ship if the primary metric improves by at least the minimum detectable effect and no guardrail gets worse; otherwise revert.", source: "Decision rule, agreed before launch" },
    ],
  },
};
