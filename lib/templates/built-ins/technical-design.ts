import { EXAMPLE, type BuiltInTemplate } from "./built-in-template";

export const technicalDesign: BuiltInTemplate = {
  name: "Technical design",
  description: "An engineering change: the constraints, the options weighed, the chosen design, and how it is rolled out safely.",
  content: {
    goal:
      "The problem this design solves and the constraint that makes it hard (load, latency, cost, consistency, a deadline). " +
      "State the measurable target, e.g. \"p95 under 200 ms at 500 requests per second\".",
    scope: "The components, services and data this design changes.",
    outOfScope: "What stays as it is, even if it is tempting to change it now.",
    requirements: [
      `${EXAMPLE} R1. The export job processes 1 million rows in under 10 minutes without blocking writes.`,
      `${EXAMPLE} R2. A failed job can be retried without producing duplicate rows.`,
    ],
    edgeCases: [`${EXAMPLE} The process is stopped half-way through; the next start resumes or starts over cleanly.`],
    acceptanceCriteria: [
      { id: "AC-1", text: `${EXAMPLE} A load test at the target volume meets the latency target, with the numbers attached.` },
      { id: "AC-2", text: `${EXAMPLE} Killing the worker mid-run and restarting it leaves no duplicates and no gaps.` },
    ],
    technicalSolution:
      "The chosen design: components, the flow of a request or job through them, and the failure of each step. " +
      "Then the alternatives considered and why each was rejected (a short table works well).",
    dataModelImplications:
      "New or changed tables, columns and indexes; the migration and whether it is safe to run while the old version serves traffic; " +
      "backfills and how long they take.",
    architectureAssumptions:
      "What this design relies on being true (volumes, ordering, a service's guarantees). Each assumption that turns out false is a risk: say what happens then.",
    testingQaChecklist: [
      { text: "Migration runs forward on a copy of production data, and rolls back or forward safely", checked: false },
      { text: "Load test at the target volume, results linked", checked: false },
      { text: "Failure of each dependency tried: timeout, error, slow response", checked: false },
      { text: "Metrics, logs and an alert exist for the new path", checked: false },
      { text: "Rollout plan with a switch to turn the change off", checked: false },
    ],
    testPlanIntegration: [`${EXAMPLE} Run the job against a real database with concurrent writers.`],
    openQuestions: [`${EXAMPLE} Who owns the new component's alerts after launch?`],
    decisions: [{ text: `${EXAMPLE} Use the existing queue rather than a new service: one less thing to operate.`, source: "Design review" }],
  },
};
