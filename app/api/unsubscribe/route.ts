import { unsubscribeByLink } from "@/lib/notifications/notification-settings";

export const dynamic = "force-dynamic";

const ONE_CLICK = "List-Unsubscribe=One-Click";

/**
 * One-click unsubscribing (RFC 8058): a mail program's "Unsubscribe" button POSTs
 * `List-Unsubscribe=One-Click` to the URL in the mail's List-Unsubscribe header, without cookies and
 * without a page to confirm on. The URL's signature is the proof (lib/notifications/unsubscribe-link.ts);
 * a URL we did not sign, or a request without that body, changes nothing.
 */
export async function POST(request: Request) {
  const body = (await request.text().catch(() => "")).slice(0, 1_000);
  if (!new URLSearchParams(body).getAll("List-Unsubscribe").includes("One-Click")) {
    return Response.json({ ok: false, error: `The request body must be ${ONE_CLICK}.` }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const unsubscribed = await unsubscribeByLink(Object.fromEntries(new URL(request.url).searchParams));
  if (!unsubscribed) return Response.json({ ok: false, error: "This unsubscribe link does not work." }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
