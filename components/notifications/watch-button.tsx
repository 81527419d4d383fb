"use client";

import { useEffect, useState, useTransition } from "react";
import { Button } from "../ui/button";
import { setWatchingAction, watchingAction } from "./actions";

/** Watch or stop watching a brief: watchers are told when it moves to another state. */
export function WatchButton({ briefId }: { briefId: string }) {
  const [watching, setWatching] = useState<boolean | null>(null);
  const [pending, startTransition] = useTransition();
  useEffect(() => {
    void watchingAction(briefId).then((result) => result.ok && setWatching(result.data.watching));
  }, [briefId]);
  if (watching === null) return null;
  return (
    <Button
      variant="ghost"
      className="px-2 py-1 text-xs print:hidden"
      aria-pressed={watching}
      disabled={pending}
      title={watching ? "You are told when this brief changes state" : "Be told when this brief changes state"}
      onClick={() =>
        startTransition(async () => {
          const result = await setWatchingAction(briefId, !watching);
          if (result.ok) setWatching(result.data.watching);
        })
      }
    >
      {watching ? "Watching" : "Watch"}
    </Button>
  );
}
