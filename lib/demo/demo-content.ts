import type { BriefContent } from "@/lib/briefs/schema";

/** Two realistic briefs for the demo project: every section, a checklist, decisions and links. */
export const savedCardsBrief: BriefContent = {
  goal: "Let returning customers pay with a saved card in one step, without re-entering card details.",
  userPersonaContext:
    "Returning shoppers on mobile who buy every few weeks. Today 38% of them abandon checkout at the card form.",
  scope: "Saving a card at checkout, choosing a saved card, removing a saved card from the account page.",
  outOfScope: "Wallets (Apple Pay, Google Pay), bank transfers, changing the billing address of a saved card.",
  requirements: [
    "A customer can opt in to save the card used for a successful payment.",
    "Saved cards are shown at checkout with brand, last four digits and expiry.",
    "A customer can remove a saved card; removal takes effect immediately.",
    "Card numbers are never stored by us; only the payment provider's token is kept.",
  ],
  edgeCases: [
    "The saved card has expired since it was saved.",
    "The provider declines a saved card that worked before.",
    "Two tabs remove and use the same card at the same time.",
  ],
  acceptanceCriteria: [
    { id: "AC-1", text: "Paying with a saved card needs no card fields and one confirmation tap." },
    { id: "AC-2", text: "Expired saved cards are shown disabled with an 'Expired' label." },
    {
      id: "AC-3",
      text: "Card data never reaches our servers.",
      implementation: false,
      manualEvidence: { rationale: "Guaranteed by the provider's hosted fields.", evidencePath: "docs/security/pci-scope.md" },
    },
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
      description: "Migration and repository for saved payment methods.",
      boundCriteria: ["AC-1"],
      boundRequirements: ["REQ-1", "REQ-4"],
    },
    {
      id: "PAY-102",
      title: "Card picker at checkout",
      description: null,
      boundCriteria: ["AC-1", "AC-2"],
      boundRequirements: ["REQ-2"],
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

export const orderTrackingBrief: BriefContent = {
  goal: "Customers see where their order is without contacting support.",
  userPersonaContext: "Customers waiting for a delivery; 22% of support tickets ask 'where is my order?'.",
  scope: "An order status page with carrier events, and email updates when the status changes.",
  outOfScope: "Changing the delivery address after dispatch.",
  requirements: [
    "The order page shows the current status and the time of the last carrier event.",
    "Customers receive an email when the order is dispatched and when it is out for delivery.",
  ],
  edgeCases: ["The carrier sends events out of order.", "An order is split across two parcels."],
  acceptanceCriteria: [
    { id: "TRK-1", text: "Status updates appear on the order page within five minutes of the carrier event." },
    { id: "TRK-2", text: "Split orders show one timeline per parcel." },
  ],
  testingQaChecklist: [
    { text: "Dispatch email arrives with the tracking link", checked: false },
    { text: "Out-of-order carrier events are shown in event-time order", checked: false },
  ],
  openQuestions: ["Which carriers send webhooks, and which must be polled?"],
  decisions: [{ text: "Poll carriers without webhooks every 15 minutes.", stated: true }],
};
