"use client";

import { useState, useTransition } from "react";
import { Button } from "../ui/button";
import { disconnectRepositoryAction } from "./actions";

/** Removes a connection; pull requests already linked keep showing on their tickets. */
export function DisconnectRepositoryButton({ projectId, fullName }: { projectId: string; fullName: string }) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        type="button"
        variant="secondary"
        disabled={pending}
        aria-label={`Disconnect ${fullName}`}
        onClick={() =>
          startTransition(async () => {
            const result = await disconnectRepositoryAction(projectId, fullName);
            setError(result.ok ? null : result.error.message);
          })
        }
      >
        {pending ? "Disconnecting…" : "Disconnect"}
      </Button>
      {error && <span className="text-xs text-red-700">{error}</span>}
    </span>
  );
}
