import { verifyWithFallback } from "@octokit/webhooks-methods";

/**
 * Whether `X-Hub-Signature-256` signs the body as received with one of the configured secrets
 * (GITHUB_WEBHOOK_SECRET, comma-separated during a rotation). The comparison is GitHub's own
 * library's, in constant time; a malformed header is simply not a signature.
 */
export async function verifyWebhookSignature(secrets: readonly string[], body: string, signature: string | null): Promise<boolean> {
  if (!signature || !secrets.length) return false;
  const [first, ...others] = secrets;
  try {
    return Boolean(await verifyWithFallback(first, body, signature, others.length ? others : undefined));
  } catch {
    return false;
  }
}
