/**
 * What a person can be told of (docs/operations.md#notifications), each with how it is mailed unless
 * they choose otherwise: at once, in the daily digest, or not at all. The bell and the inbox show
 * every kind.
 */
export const notificationKinds = {
  proposal: { label: "A proposal on a brief you wrote or edited", mail: "immediate" },
  decision: { label: "A decision on your proposal", mail: "immediate" },
  mention: { label: "A mention of you in a comment", mail: "immediate" },
  review_request: { label: "A review requested of you", mail: "immediate" },
  approval_stale: { label: "Your approval went stale", mail: "immediate" },
  finding: { label: "A finding on a brief you wrote", mail: "digest" },
  state_change: { label: "A state change of a brief you watch", mail: "digest" },
  webhook_disabled: { label: "A webhook of a project you own turned off", mail: "immediate" },
} as const;

export type NotificationKind = keyof typeof notificationKinds;

export const mailModes = ["immediate", "digest", "off"] as const;
export type MailMode = (typeof mailModes)[number];

export function isNotificationKind(value: string): value is NotificationKind {
  return Object.hasOwn(notificationKinds, value);
}
