"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { attempt, explain } from "@/components/brief-editor/action-messages";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Textarea } from "@/components/ui/textarea";
import { useIntentKeys } from "@/components/use-intent-keys";
import { DECISION_REASON_MAX } from "@/lib/contract/bounds";
import { decideProposalAction } from "./actions";
import { sectionLabel } from "./section-change-view";

type Props = {
  briefId: string;
  proposalId: string;
  sections: Array<{ key: string; conflicting: boolean }>;
  canDecide: boolean;
  canWithdraw: boolean;
  /** A free-form proposal from before proposals had a base: it can only be rejected. */
  legacy: boolean;
};

type Decision = { decision: "accept" | "reject" | "withdraw"; sections?: string[] };

/**
 * Accept all, accept the chosen sections, reject with a reason — or, for the author, withdraw. The
 * page reloads with the outcome; a refusal (a conflict that arose meanwhile, a decision someone
 * else made first) is said in words and changes nothing.
 */
export function ProposalDecisionForm({ briefId, proposalId, sections, canDecide, canWithdraw, legacy }: Props) {
  const router = useRouter();
  const intents = useIntentKeys();
  const [chosen, setChosen] = useState(() => new Set(sections.filter((s) => !s.conflicting).map((s) => s.key)));
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const anyConflict = sections.some((s) => s.conflicting);

  async function decide({ decision, sections: taken }: Decision) {
    const change = { briefId, proposalId, decision, ...(taken && { sections: taken }), ...(reason.trim() && { reason: reason.trim() }) };
    setBusy(true);
    setMessage(null);
    const result = await attempt(() => decideProposalAction({ ...change, idempotencyKey: intents.keyFor(change) }));
    if (result) intents.settle(change);
    setBusy(false);
    if (!result) return setMessage({ tone: "error", text: "The server could not be reached. Nothing changed; try again." });
    if (!result.ok) return setMessage({ tone: "error", text: explain(result.error) });
    const { status, versionNum, createdNewVersion } = result.data;
    setMessage({ tone: "success", text: status === "accepted" ? (createdNewVersion ? `Accepted as version ${versionNum}.` : "Accepted; the brief already held these changes.") : `The proposal is ${status}.` });
    router.refresh();
  }

  const all = sections.map((s) => s.key);
  const partial = chosen.size > 0 && chosen.size < all.length;
  return (
    <form className="space-y-4" aria-label="Decide on this proposal" onSubmit={(event) => event.preventDefault()}>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {canDecide && !legacy && (
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Sections to accept</legend>
          {sections.map(({ key, conflicting }) => (
            <Checkbox
              key={key}
              id={`take-${key}`}
              label={sectionLabel(key)}
              description={conflicting ? "Conflicts with a change made since; it cannot be accepted as it is." : undefined}
              checked={chosen.has(key)}
              disabled={conflicting || busy}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.target.checked) next.add(key);
                else next.delete(key);
                setChosen(next);
              }}
            />
          ))}
        </fieldset>
      )}
      <Textarea id="decision-reason" label="Reason (optional)" limit={DECISION_REASON_MAX} rows={2} value={reason} onChange={(event) => setReason(event.target.value)} hint="Shown with the decision in the brief's history." />
      <div className="flex flex-wrap gap-2">
        {canDecide && (
          <>
            {!legacy && (
              <>
                <Button type="button" disabled={busy || anyConflict} onClick={() => void decide({ decision: "accept" })}>
              Accept all
            </Button>
                <Button type="button" variant="secondary" disabled={busy || !partial} onClick={() => void decide({ decision: "accept", sections: all.filter((key) => chosen.has(key)) })}>
                  Accept selected sections
                </Button>
              </>
            )}
            <Button type="button" variant="danger" disabled={busy} onClick={() => void decide({ decision: "reject" })}>
              Reject
            </Button>
          </>
        )}
        {canWithdraw && (
          <Button type="button" variant="ghost" disabled={busy} onClick={() => void decide({ decision: "withdraw" })}>
            Withdraw my proposal
          </Button>
        )}
      </div>
    </form>
  );
}
