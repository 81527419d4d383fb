"use client";

import { useState, useTransition } from "react";
import { Button } from "../ui/button";
import { redeliverAction } from "./actions";

/** Sends one delivery again now, under its event's same id. */
export function RedeliverButton({ projectId, endpointId, deliveryId, label }: { projectId: string; endpointId: string; deliveryId: string; label: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button
        variant="ghost"
        className="px-2 py-1"
        aria-label={`Redeliver ${label}`}
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const answer = await redeliverAction(projectId, endpointId, deliveryId);
            setError(answer.ok ? null : answer.error.message);
          })
        }
      >
        {pending ? "Queued…" : "Redeliver"}
      </Button>
      {error && <span className="text-xs text-rose-700">{error}</span>}
    </span>
  );
}
