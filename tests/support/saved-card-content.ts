/**
 * The brief of the CI proof tests: paying with a saved card, its criteria (AC-1, AC-2 and `count`
 * in all) bound to ticket T-1. No imports, so browser specs can use it too.
 */
export function savedCardContent(count = 2) {
  return {
    goal: "Customers pay with a saved card.",
    requirements: ["FR-1: Pay with a saved card"],
    acceptanceCriteria: [
      { id: "AC-1", text: "A saved card can be charged" },
      { id: "AC-2", text: "An expired card is refused" },
      ...Array.from({ length: count - 2 }, (_, i) => ({ id: `AC-${i + 3}`, text: `Rule ${i + 3} of paying with a saved card holds` })),
    ],
    generatedTickets: [{ id: "T-1", title: "Saved cards", description: null, boundCriteria: Array.from({ length: count }, (_, i) => `AC-${i + 1}`), boundRequirements: ["FR-1"] }],
  };
}
