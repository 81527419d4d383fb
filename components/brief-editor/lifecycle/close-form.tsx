"use client";

import { useState } from "react";
import { TRANSITION_REASON_MAX } from "@/lib/contract/bounds";
import { SubmitOrCancel } from "@/components/ui/submit-or-cancel";
import { Textarea } from "@/components/ui/textarea";

/** Closing needs a reason, asked for before anything is sent. */
export function CloseForm({ busy, onCancel, onConfirm }: { busy: boolean; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const missing = reason.trim() === "";
  return (
    <form
      className="space-y-2 rounded-lg border border-rose-200 bg-rose-50/50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!missing) onConfirm(reason.trim());
      }}
    >
      <Textarea
        id="close-reason"
        label="Why is this brief closed?"
        value={reason}
        maxLength={TRANSITION_REASON_MAX}
        rows={2}
        onChange={(e) => setReason(e.target.value)}
        error={tried && missing ? "A reason is required to close a brief." : undefined}
        hint="A closed brief becomes read-only for everyone."
      />
      <SubmitOrCancel label="Close brief" pending={busy} variant="danger" onCancel={onCancel} />
    </form>
  );
}
