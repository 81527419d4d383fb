/**
 * Every kind of event the outbox records (docs/operations.md#events-and-delivery), with what it
 * means. A webhook endpoint subscribes to some of them or to all; the names are part of the
 * contract with receivers and never change meaning.
 */
export const eventTypes = {
  "brief.created": "A brief was created (its first version).",
  "brief.version_created": "The brief's content or title was saved as a new version: an edit, a restore, or an accepted proposal.",
  "brief.checklist_ticked": "A QA checklist row was ticked or unticked (a new version whose requirements are unchanged).",
  "brief.state_changed": "The brief moved to another lifecycle state, by hand or automatically.",
  "brief.approved": "Someone approved the brief's current version.",
  "brief.approval_stale": "An approval went stale because the requirements it approved changed.",
  "proposal.created": "Someone proposed a change to the brief.",
  "proposal.decided": "A proposal was accepted, rejected, withdrawn or superseded.",
  "comment.created": "A comment was added to the brief.",
  "review.requested": "An owner asked members to review the brief.",
  "brief.item_added": "An item was added to one of the brief's other collections.",
  "evidence.added": "Evidence for acceptance criteria was recorded.",
  "finding.opened": "A finding was opened: a QA row failed, or evidence failed.",
  "finding.resolved": "A finding was resolved, by hand or by passing evidence.",
  "work_order.created": "A work order was started for the brief.",
  "work_order.updated": "A work order's status changed.",
  "membership.changed": "Someone was added to the project, given another role, or removed.",
} as const;

export type EventType = keyof typeof eventTypes;

/** Sent only by "send a test event" on one endpoint: never recorded for a change. */
export const TEST_EVENT_TYPE = "webhook.test";

export const allEventTypes = Object.keys(eventTypes) as EventType[];

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(eventTypes, value);
}
