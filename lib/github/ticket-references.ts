/**
 * How a pull request names a ticket (docs/github.md#pull-requests-and-tickets): by the ticket's
 * address, `<APP_URL>/projects/<projectId>/briefs/<briefId>#T-1`, or by its short key,
 * `BR-<last 8 characters of the brief id>#T-1`, which each ticket shows with a copy button. A closing
 * word right before a reference (fix, fixes, fixed, close, closes, closed, resolve, resolves, resolved,
 * implement, implements, implemented, then an optional colon) makes it closing; anything else is a mention.
 */
export type TicketReference =
  | { kind: "url"; projectId: string; briefId: string; ticketId: string; closing: boolean }
  | { kind: "key"; briefKey: string; ticketId: string; closing: boolean };

const CLOSING = /(?:^|[^\w-])(?:fix(?:e[sd])?|close[sd]?|resolve[sd]?|implement(?:s|ed)?):?\s+$/i;
const TICKET = "([A-Za-z0-9][A-Za-z0-9._:-]*)";

/** A ticket's short key: unambiguous among the briefs of the connected projects, short enough to type. */
export function ticketKey(briefId: string, ticketId: string): string {
  return `BR-${briefKeyOf(briefId)}#${ticketId}`;
}

export function briefKeyOf(briefId: string): string {
  return briefId.replace(/-/g, "").slice(-8).toLowerCase();
}

export function findTicketReferences(text: string, appOrigin: string): TicketReference[] {
  const found: TicketReference[] = [];
  const origin = appOrigin.replace(/\/$/, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const url = new RegExp(`${origin}/projects/([A-Za-z0-9_-]+)/briefs/([A-Za-z0-9_-]+)[^\\s#]*#${TICKET}`, "g");
  for (const match of text.matchAll(url)) {
    found.push({ kind: "url", projectId: match[1], briefId: match[2], ticketId: trimTicket(match[3]), closing: closesAt(text, match.index) });
  }
  const key = new RegExp(`(?<!\\w)BR-([0-9a-f]{8})#${TICKET}`, "gi");
  for (const match of text.matchAll(key)) {
    found.push({ kind: "key", briefKey: match[1].toLowerCase(), ticketId: trimTicket(match[2]), closing: closesAt(text, match.index) });
  }
  return found;
}

/** A sentence's full stop or a colon after a ticket id belongs to the sentence. */
function trimTicket(id: string): string {
  return id.replace(/[.:]+$/, "");
}

function closesAt(text: string, index: number): boolean {
  return CLOSING.test(text.slice(Math.max(0, index - 40), index));
}
