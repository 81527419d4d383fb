import type { BriefContent } from "@/lib/briefs/schema";

/**
 * Two realistic briefs for the demo project: every section, numbered requirements, tickets bound to
 * them and to the criteria, a checklist, decisions and links.
 */
export const savedCardsBrief: BriefContent = {
  goal: "Let returning customers pay with a saved card in one step, without re-entering card details.",
  userPersonaContext:
    "Returning shoppers on mobile who buy every few weeks. Today 38% of them abandon checkout at the card form.",
  scope: "Saving a card at checkout, choosing a saved card, removing a saved card from the account page.",
  outOfScope: "Wallets (Apple Pay, Google Pay), bank transfers, changing the billing address of a saved card.",
  requirements: [
    "FR-1: When a payment succeeds and the customer ticked 'Save this card', the checkout shall save the card for that customer.",
    "FR-2: When a returning customer opens checkout, the checkout shall list their saved cards with brand, last four digits and expiry.",
    "FR-3: When a customer removes a saved card, the account page shall stop offering that card at checkout.",
    "FR-4: The payment service shall store only the payment provider's token for a saved card, not the card number.",
    "FR-5: If the provider declines a saved card, then the checkout shall show the card form with the decline reason.",
  ],
  edgeCases: [
    "The saved card has expired since the customer saved it.",
    "The provider declines a saved card that worked before.",
    "Two tabs remove and use the same card at the same time.",
  ],
  acceptanceCriteria: [
    { id: "AC-1", text: "Paying with a saved card needs no card fields and one confirmation tap." },
    { id: "AC-2", text: "The card picker shows an expired saved card disabled, with an 'Expired' label." },
    {
      id: "AC-3",
      text: "Card numbers reach only the provider's hosted fields, not our servers.",
      implementation: false,
      manualEvidence: { rationale: "Guaranteed by the provider's hosted fields.", evidencePath: "docs/security/pci-scope.md" },
    },
    { id: "AC-4", text: "A removed card no longer appears at checkout." },
    { id: "AC-5", text: "A declined saved card shows the card form with the provider's decline reason." },
  ],
  rolesPermissions: ["Customers manage only their own saved cards.", "Support staff can see that a card is saved, never its token."],
  states: ["No saved card", "Saved card available", "Saved card expired", "Saved card removed"],
  productSolution: "A 'Save this card' checkbox after the card form, and a card picker above it for returning customers.",
  technicalSolution: "Store the provider's payment-method token per customer; charge with the token and the stored customer id.",
  dataModelImplications: "New table saved_payment_methods(customer_id, provider_token, brand, last4, exp_month, exp_year).",
  architectureAssumptions: "The payment provider supports customer-scoped tokens and off-session charges.",
  design: "Card picker as a radio list; the saved card chosen last time is preselected.",
  testingQaChecklist: [
    { text: "Save a card on a successful payment and see it at the next checkout", checked: false },
    { text: "Pay with a saved card in one tap", checked: false },
    { text: "An expired saved card is disabled", checked: false },
    { text: "Removing a card hides it everywhere at once", checked: false },
  ],
  testPlanUnit: ["Token is stored, never the PAN.", "Expiry check at month boundaries."],
  testPlanIntegration: ["Off-session charge with a provider test token.", "Decline of a saved card shows the card form again."],
  testPlanUiUx: ["Card picker with 0, 1 and 5 saved cards at 390 px wide."],
  openQuestions: ["Do we cap the number of saved cards per customer?"],
  generatedTickets: [
    {
      id: "PAY-101",
      title: "Store provider payment-method tokens",
      description: "Migration and repository for saved payment methods; save the token after a successful payment.",
      boundCriteria: ["AC-1"],
      boundRequirements: ["FR-1", "FR-4"],
    },
    {
      id: "PAY-102",
      title: "Card picker at checkout",
      description: "Radio list of saved cards above the card form; expired cards disabled.",
      boundCriteria: ["AC-1", "AC-2"],
      boundRequirements: ["FR-2"],
    },
    {
      id: "PAY-103",
      title: "Remove a saved card from the account page",
      description: null,
      boundCriteria: ["AC-4"],
      boundRequirements: ["FR-3"],
    },
    {
      id: "PAY-104",
      title: "Fall back to the card form on a decline",
      description: "Show the provider's decline reason above the card form.",
      boundCriteria: ["AC-5"],
      boundRequirements: ["FR-5"],
    },
  ],
  requiredEvidence: [{ id: "EV-1", text: "Screen recording of a one-tap payment on a mid-range Android phone." }],
  decisions: [
    { text: "Use the provider's hosted card fields.", source: "Security review 2026-10-02", stated: true },
    { text: "Preselect the most recently used card.", source: "Inferred from the design mock", stated: false },
  ],
  sourceArtifactLinks: [
    { label: "Checkout funnel dashboard, October", kind: "analytics", read: true },
    { label: "Provider tokenization guide", kind: "documentation", read: false },
  ],
};

/**
 * AC-4 as QA sharpened it after its evidence was given: the evidence was for the old text, so the
 * trace shows the criterion as suspect until someone proves it again.
 */
export const sharpenedRemovalCriterion = "A removed card disappears from checkout in every open tab within 5 seconds.";

/** What the demo's agent proposes for review: an answer to the open question, as a decision and an edge case. */
export const proposedCardCap = {
  summary: "Answer the open question on a cap: at most 10 saved cards per customer, the oldest unused one is offered for removal.",
  edgeCase: "The customer already has 10 saved cards and saves another.",
  decision: { text: "Cap saved cards at 10 per customer.", source: "Fraud team, card-testing review", stated: false },
};

export const orderTrackingBrief: BriefContent = {
  goal: "Customers see where their order is without contacting support.",
  userPersonaContext: "Customers waiting for a delivery; 22% of support tickets ask 'where is my order?'.",
  scope: "An order status page with carrier events, and email updates when the status changes.",
  outOfScope: "Changing the delivery address after dispatch.",
  requirements: [
    "TR-1: The order page shall show the current status and the time of the last carrier event.",
    "TR-2: When an order is dispatched or out for delivery, the notification service shall email the customer.",
    "TR-3: The order page shall load fast on mobile.",
  ],
  edgeCases: ["The carrier sends events out of order.", "An order is split across two parcels."],
  acceptanceCriteria: [
    { id: "TRK-1", text: "Status updates appear on the order page within five minutes of the carrier event." },
    { id: "TRK-2", text: "Split orders show one timeline per parcel." },
    { id: "TRK-3", text: "The dispatch and out-for-delivery emails each link to the order page." },
  ],
  testingQaChecklist: [
    { text: "Dispatch email arrives with the tracking link", checked: false },
    { text: "Out-of-order carrier events are shown in event-time order", checked: false },
  ],
  openQuestions: ["Which carriers send webhooks, and which must be polled?"],
  generatedTickets: [
    { id: "TRK-101", title: "Order status page with carrier events", description: null, boundCriteria: ["TRK-1", "TRK-2"], boundRequirements: ["TR-1", "TR-3"] },
    { id: "TRK-102", title: "Dispatch and out-for-delivery emails", description: null, boundCriteria: ["TRK-3"], boundRequirements: ["TR-2"] },
  ],
  decisions: [{ text: "Poll carriers without webhooks every 15 minutes.", stated: true }],
};
