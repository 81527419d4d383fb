import http from "node:http";
import https from "node:https";
import { isLoopbackAddress, literalAddressProblem, publicOnlyLookup } from "@/lib/http/public-address";

const CONNECT_TIMEOUT_MS = 5_000;
const TOTAL_TIMEOUT_MS = 15_000;
/** How much of an answer is read: the delivery log keeps its status only. */
const ANSWER_MAX_BYTES = 64 * 1024;

export type PostOutcome = { status: number | null; latencyMs: number; error: string | null };

/**
 * POSTs one delivery, without letting the endpoint's URL steer the server inward: the address is
 * checked before connecting (IP literals) and when the name resolves (every delivery, so a DNS
 * answer that changes is caught); redirects are not followed (a 3xx is a failed attempt); the time
 * and the answer read are capped. Never throws: the outcome says what happened.
 */
export function postWebhook(url: URL, body: string, headers: Record<string, string>, policy: { allowLoopback: boolean; totalTimeoutMs?: number }): Promise<PostOutcome> {
  const totalTimeoutMs = policy.totalTimeoutMs ?? TOTAL_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const allow = policy.allowLoopback ? isLoopbackAddress : () => false;
  const refused = literalAddressProblem(url.hostname, allow);
  if (refused) return Promise.resolve({ status: null, latencyMs: 0, error: refused });
  if (url.protocol !== "https:" && !(policy.allowLoopback && url.protocol === "http:")) return Promise.resolve({ status: null, latencyMs: 0, error: "the URL must use https" });
  const transport = url.protocol === "https:" ? https : http;

  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.destroy();
      resolve({ ...outcome, latencyMs: elapsed() });
    };
    const request = transport.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), "user-agent": "Briefs-Webhooks/1" },
        lookup: publicOnlyLookup(allow) as never,
        timeout: CONNECT_TIMEOUT_MS,
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_MAX_BYTES) finish({ status, error: status >= 200 && status < 300 ? null : `answered ${status}` });
        });
        response.on("end", () => finish({ status, error: status >= 200 && status < 300 ? null : status >= 300 && status < 400 ? `answered ${status}: redirects are not followed` : `answered ${status}` }));
        response.on("error", () => finish({ status, error: "the answer broke off" }));
      },
    );
    const deadline = setTimeout(() => finish({ status: null, error: `no answer within ${totalTimeoutMs / 1000} s` }), totalTimeoutMs);
    request.on("timeout", () => finish({ status: null, error: `could not connect within ${CONNECT_TIMEOUT_MS / 1000} s` }));
    request.on("error", (error: NodeJS.ErrnoException) => finish({ status: null, error: error.code === "EBLOCKED" ? error.message : `could not be reached (${error.code ?? "network error"})` }));
    request.end(body);
  });
}
