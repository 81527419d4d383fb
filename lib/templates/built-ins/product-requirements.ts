import { EXAMPLE, type BuiltInTemplate } from "./built-in-template";

export const productRequirements: BuiltInTemplate = {
  name: "Product requirements",
  description: "A user-facing feature: the problem, who has it, what must be true when it ships, and how we will know.",
  content: {
    goal:
      "One or two sentences: the outcome for the user and for the business, and how we will measure it. " +
      "Write the problem, not the solution (\"Customers cannot tell which invoices are overdue\", not \"Add a red badge\"). " +
      "Name the metric and the target, e.g. \"cut overdue-invoice support tickets by 30% within a quarter\".",
    userPersonaContext:
      "Who has this problem, how often, and what they do today instead. Link the research, tickets or interviews that show it. " +
      "Say which persona matters most when their needs conflict.",
    scope:
      "What this brief delivers, as a short list of capabilities. Anything not named here is not promised.",
    outOfScope:
      "What a reader might expect but will not get in this brief, and why (later phase, separate brief, deliberately never). " +
      "Every item here saves an argument during review.",
    requirements: [
      `${EXAMPLE} R1. A signed-in customer can filter their invoices by status (paid, open, overdue).`,
      `${EXAMPLE} R2. Overdue invoices show how many days they are overdue, in the customer's time zone.`,
    ],
    edgeCases: [
      `${EXAMPLE} A customer with no invoices sees an empty state that says what will appear here, not a blank table.`,
      `${EXAMPLE} An invoice that becomes overdue while the page is open is shown as overdue after a refresh.`,
    ],
    acceptanceCriteria: [
      { id: "AC-1", text: `${EXAMPLE} Given a customer with paid, open and overdue invoices, when they choose "Overdue", only the overdue invoices are listed.` },
      { id: "AC-2", text: `${EXAMPLE} Given an invoice due 3 days ago, the list shows "3 days overdue".` },
    ],
    rolesPermissions: [`${EXAMPLE} Customers see only their own invoices; support staff see any customer's, read-only.`],
    productSolution:
      "The experience in prose: entry points, the main flow, what the user sees at each step, empty, loading and error states. " +
      "Link the design file rather than describing pixels.",
    testingQaChecklist: [
      { text: "Every requirement is covered by at least one acceptance criterion", checked: false },
      { text: "Empty, loading and error states checked on a phone and a wide screen", checked: false },
      { text: "Keyboard-only and screen-reader walk-through of the main flow", checked: false },
      { text: "A user without the required role is refused, and nothing changes", checked: false },
      { text: "Copy reviewed: labels, errors and empty states say what to do next", checked: false },
      { text: "Success metric is measurable in production (event or query named)", checked: false },
    ],
    openQuestions: [`${EXAMPLE} Do overdue invoices of closed accounts count towards the metric?`],
  },
};
