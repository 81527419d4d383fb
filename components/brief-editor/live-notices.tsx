import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import type { LiveStatus } from "./use-live-brief";

/** What the live stream found out: the session ended, access is gone, or the server is unreachable. */
export function LiveNotices({ status, signInHref, dirty }: { status: LiveStatus; signInHref: string; dirty: boolean }) {
  if (status === "gone") return <Alert>You no longer have access to this brief, or it was removed.</Alert>;
  if (status === "offline") return <Alert tone="info">Cannot reach the server; live updates resume when it answers again.</Alert>;
  if (status !== "signed-out") return null;
  return (
    <Alert>
      Your session ended.{" "}
      <Link className="underline" href={signInHref}>
        Sign in again
      </Link>{" "}
      {dirty ? "in another tab to keep your unsaved edits." : "to continue."}
    </Alert>
  );
}
