import { ticketKey } from "@/lib/github/ticket-references";
import { CopyButton } from "../ui/copy-button";

/** The short key a pull request names this ticket by ("Fixes BR-…#T-1"), ready to copy. */
export function TicketKey({ briefId, ticketId }: { briefId: string; ticketId: string }) {
  const key = ticketKey(briefId, ticketId);
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <span>
        Key for pull requests: <code className="font-mono text-slate-800" data-testid="ticket-key">{key}</code>
      </span>
      <CopyButton text={key} what={`the key of ${ticketId}`} />
    </span>
  );
}
