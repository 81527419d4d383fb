import { unsubscribeByLink } from "@/lib/notifications/notification-settings";

export const dynamic = "force-dynamic";

const ONE_CLICK = "List-Unsubscribe=One-Click";

/**
 * A person who opens the List-Unsubscribe address in a browser (many mail programs do, instead of
 * the one-click POST) is sent to the page the mail's own link opens, which asks first: a GET changes
 * nothing, since link scanners and previews fetch addresses too. 303 so the browser GETs the page.
 * Only the link's own parameters go along (not, say, a `done=1` that would claim it is done), and the
 * page itself says whether the link works.
 */
export function GET(request: Request) {
  const given = new URL(request.url).searchParams;
  const forwarded = new URLSearchParams();
  for (const name of ["u", "k", "t"]) {
    const value = given.get(name);
    if (value !== null) forwarded.set(name, value);
  }
  return new Response(null, { status: 303, headers: { Location: `/unsubscribe?${forwarded}`, "Cache-Control": "no-store" } });
}

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
