"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useLiveSettled } from "./use-live";

/** Changes that land together (a burst of ticks) are fetched once. */
const SETTLE_MS = 100;

/**
 * Keeps a server-rendered list current: when a brief of `projectId` changes (or any project's, when
 * none is named), or the person's projects change, or the stream reconnects, the page's data is
 * fetched again and React re-renders what differs. `notifications`: the person's inbox, which follows
 * their notifications instead of briefs. Renders nothing.
 */
export function LiveRefresh({ projectId, notifications = false }: { projectId?: string; notifications?: boolean }) {
  const router = useRouter();
  const [, startRefresh] = useTransition();
  useLiveSettled(
    (message) =>
      message.kind === "sync" ||
      message.kind === "access" ||
      (notifications ? message.kind === "notification" : message.kind === "brief" && (projectId === undefined || message.projectId === projectId)),
    SETTLE_MS,
    () => startRefresh(() => router.refresh()),
  );
  return null;
}
