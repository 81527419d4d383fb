"use client";

import { useEffect, useState, useTransition } from "react";
import { mentionCandidatesAction, type MentionCandidate } from "@/components/notifications/actions";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { requestReviewAction } from "./actions";

/**
 * For an owner while the brief is in review: ask members to review it. Each is notified, and the
 * request shows in the open review session. `onRequested` refreshes the page's data.
 */
export function RequestReviewForm({ briefId, onRequested }: { briefId: string; onRequested: () => void }) {
  const [members, setMembers] = useState<MentionCandidate[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  useEffect(() => {
    void mentionCandidatesAction(briefId).then((result) => setMembers(result.ok ? result.data : []));
  }, [briefId]);

  if (members === null || members.length === 0) return null;
  return (
    <section aria-labelledby="request-review-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 print:hidden">
      <h2 id="request-review-heading" className="font-medium">
        Request a review
      </h2>
      <div className="space-y-2">
        {members.map((m) => (
          <Checkbox
            key={m.email}
            id={`review-${m.email}`}
            label={m.name ?? m.email}
            description={m.name ? m.email : undefined}
            checked={chosen.includes(m.email)}
            onChange={(event) => setChosen((was) => (event.target.checked ? [...was, m.email] : was.filter((e) => e !== m.email)))}
          />
        ))}
      </div>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <Button
        variant="secondary"
        disabled={pending || chosen.length === 0}
        onClick={() =>
          startTransition(async () => {
            const result = await requestReviewAction({ briefId, emails: chosen, idempotencyKey: crypto.randomUUID() });
            if (result.ok) {
              setMessage({ tone: "success", text: `Asked ${result.data.requested.map((r) => r.label).join(", ")} to review.` });
              setChosen([]);
              onRequested();
            } else setMessage({ tone: "error", text: result.error.message });
          })
        }
      >
        Ask for review
      </Button>
    </section>
  );
}
