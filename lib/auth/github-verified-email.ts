/**
 * GitHub lets people keep addresses they never verified, and next-auth's GitHub provider falls back
 * to the primary one unchecked. Briefs links accounts and accepts invitations by address, so it takes
 * only an address GitHub says is verified: the public one if verified, else the verified primary.
 */
type GitHubEmail = { email: string; primary: boolean; verified: boolean };

export function pickVerifiedGitHubEmail(profileEmail: string | null | undefined, emails: unknown): string | null {
  const verified = (Array.isArray(emails) ? (emails as GitHubEmail[]) : []).filter((e) => e && e.verified === true && typeof e.email === "string");
  return (verified.find((e) => e.email === profileEmail) ?? verified.find((e) => e.primary === true))?.email ?? null;
}

const API = "https://api.github.com";

/** next-auth's `userinfo.request` for GitHub: the profile, with `email` only when verified (else null). */
export async function gitHubProfileWithVerifiedEmail({ tokens }: { tokens: { access_token?: string } }): Promise<Record<string, unknown>> {
  const headers = { Authorization: `Bearer ${tokens.access_token}`, Accept: "application/vnd.github+json", "User-Agent": "briefs" };
  const profile = (await (await fetch(`${API}/user`, { headers })).json()) as Record<string, unknown>;
  const emails = await fetch(`${API}/user/emails`, { headers }).then((r) => (r.ok ? r.json() : []));
  return { ...profile, email: pickVerifiedGitHubEmail(profile.email as string | null, emails) };
}
