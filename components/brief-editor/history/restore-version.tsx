"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { restoreVersionAction } from "@/components/brief-editor/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useIntentKeys } from "@/components/use-intent-keys";
import { attempt } from "../action-messages";
import { restoreOutcome, type RestoreOutcome } from "./restore-outcome";

/**
 * "Restore this version" on a version page, for people who may edit. The restore is guarded by the
 * version the page showed as current: when someone changed the brief meanwhile nothing is written,
 * and the person sees what changed and decides again, as in the editor's conflicts.
 */
export function RestoreVersion({
  briefId,
  versionNum,
  currentVersionNum,
  versionsHref,
  editorHref,
}: {
  briefId: string;
  versionNum: number;
  currentVersionNum: number;
  versionsHref: string;
  editorHref: string;
}) {
  const router = useRouter();
  const intents = useIntentKeys();
  const [outcome, setOutcome] = useState<RestoreOutcome | null>(null);
  const [busy, setBusy] = useState(false);

  const restore = async (over: number): Promise<RestoreOutcome> => {
    const intent = { briefId, versionNum, ifVersionNum: over };
    const result = await attempt(() => restoreVersionAction({ ...intent, idempotencyKey: intents.keyFor(intent) }));
    if (result) intents.settle(intent);
    const next = restoreOutcome(result, over);
    if (next.kind !== "refused") router.refresh();
    return next;
  };

  // From the dialog: a refusal stays in the dialog; anything else closes it and shows below.
  const confirm = async () => {
    const next = await restore(currentVersionNum);
    if (next.kind === "refused") return next.message;
    setOutcome(next);
  };

  const restoreAfterConflict = async (over: number) => {
    setBusy(true);
    setOutcome(await restore(over));
    setBusy(false);
  };

  return (
    <div className="w-full space-y-3" data-testid="restore-version">
      {outcome?.kind !== "conflict" && (
        <ConfirmDialog
          triggerLabel="Restore this version"
          title={`Restore version ${versionNum}?`}
          confirmLabel={`Restore version ${versionNum}`}
          onConfirm={confirm}
        >
          Its content is saved as a new version on top of version {currentVersionNum}. Nothing is lost: every version stays in the history, and the
          title and the brief’s state do not change.
        </ConfirmDialog>
      )}
      {outcome?.kind === "restored" && (
        <Alert tone="success">
          Version {versionNum} was restored as version {outcome.versionNum}.{" "}
          <Link href={editorHref} className="font-medium underline">
            Open the brief
          </Link>{" "}
          or{" "}
          <Link href={`${versionsHref}/${outcome.versionNum}`} className="font-medium underline">
            view version {outcome.versionNum}
          </Link>
          .
        </Alert>
      )}
      {outcome?.kind === "unchanged" && <Alert tone="info">The brief already has the content of version {versionNum}; nothing was written.</Alert>}
      {outcome?.kind === "refused" && <Alert>{outcome.message}</Alert>}
      {outcome?.kind === "conflict" && (
        <section role="alert" aria-labelledby="restore-conflict-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="restore-conflict">
          <h2 id="restore-conflict-heading" className="font-semibold text-amber-950">
            Someone changed the brief first
          </h2>
          <p className="mt-1 text-sm text-amber-950">
            This page showed version {outcome.seen} as the current one; the brief is now at version {outcome.current}. Nothing was restored.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link href={`${versionsHref}/${outcome.seen}?compare=${outcome.current}`} className="inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-amber-950 underline">
              See what changed
            </Link>
            <Button type="button" onClick={() => void restoreAfterConflict(outcome.current)} disabled={busy}>
              {busy ? "Restoring…" : `Restore version ${versionNum} over version ${outcome.current}`}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setOutcome(null)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
