/**
 * The browser door over plain HTTP, for tests that need a signed-in person without a browser:
 * next-auth's CSRF token and credentials callback, then cookies carried by hand.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  has(prefix: string): boolean {
    return [...this.cookies.keys()].some((name) => name.includes(prefix));
  }
}

export async function signInOverHttp(origin: string, email: string, password: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  jar.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${origin}/projects` }),
    redirect: "manual",
  });
  jar.take(response);
  if (!jar.has("session-token")) throw new Error(`Sign-in failed (${response.status} ${response.headers.get("location")})`);
  return jar;
}

/** The sealed request value of the consent page's form. */
export function sealedRequestOf(html: string): string {
  const match = /name="request" value="([^"]+)"/.exec(html);
  if (!match) throw new Error(`No consent form in the page:\n${html.slice(0, 2000)}`);
  return match[1];
}
