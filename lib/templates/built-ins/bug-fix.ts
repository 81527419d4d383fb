import { EXAMPLE, type BuiltInTemplate } from "./built-in-template";

export const bugFix: BuiltInTemplate = {
  name: "Bug fix",
  description: "A defect: how to reproduce it, what should happen instead, the cause, and the proof it stays fixed.",
  content: {
    goal:
      "What is broken, for whom, and what it costs them (data lost, money, time, trust). " +
      "Say how many users or accounts are affected and since when, if known.",
    userPersonaContext:
      "Who reported it and where (ticket, incident, log link). Note the environment: version, browser or client, account type.",
    scope:
      "Steps to reproduce, numbered and exact:\n1. …\n2. …\n3. …\n\nExpected: …\nActual: …\n\n" +
      "Include a failing request, a screenshot or a log excerpt if you have one.",
    outOfScope:
      "Related problems found on the way that this fix does not address; link a brief or ticket for each.",
    requirements: [
      `${EXAMPLE} R1. Saving a profile with a name longer than 100 characters shows a field error instead of a blank page.`,
      `${EXAMPLE} R2. No profile saved while the bug was live is left half-written.`,
    ],
    edgeCases: [`${EXAMPLE} The same input sent twice, or from two tabs at once.`],
    acceptanceCriteria: [
      { id: "AC-1", text: `${EXAMPLE} Following the steps to reproduce now gives the expected result.` },
      { id: "AC-2", text: `${EXAMPLE} An automated test reproduces the original failure and passes with the fix.` },
    ],
    technicalSolution:
      "Root cause in two or three sentences: what the code did, why, and since which change. " +
      "Then the fix, and why it is the right layer to fix it in rather than a workaround.",
    testingQaChecklist: [
      { text: "Reproduced on the unfixed version before testing the fix", checked: false },
      { text: "Steps to reproduce now give the expected result", checked: false },
      { text: "A regression test fails without the fix and passes with it", checked: false },
      { text: "Data written while the bug was live checked, and repaired if needed", checked: false },
      { text: "Neighbouring flows that share the changed code still work", checked: false },
    ],
    testPlanUnit: [`${EXAMPLE} The input that triggered the failure, and the values just inside and outside its limit.`],
    openQuestions: [`${EXAMPLE} Do we need to tell affected customers?`],
  },
};
