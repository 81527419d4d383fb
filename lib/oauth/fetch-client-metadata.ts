import http from "node:http";
import https from "node:https";
import { ipLiteral, isLoopbackAddress, isPublicAddress, publicOnlyLookup } from "@/lib/http/public-address";

const CIMD_MAX_BYTES = 8 * 1024;
const CONNECT_TIMEOUT_MS = 3_000;
const TOTAL_TIMEOUT_MS = 5_000;

export class ClientMetadataFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ClientMetadataFetchError";
  }
}

type FetchedDocument = { text: string; cacheControl: string | null };

type FetchPolicy = {
  /** Test-only: also reach loopback addresses (and plain http on them). Off in every real deployment. */
  allowLoopback: boolean;
};

/**
 * Fetches a Client ID Metadata Document without letting the URL steer the server: the address is
 * checked before connecting (IP literals) and at DNS resolution (names, including rebinding); no
 * redirect is followed; the body and the time are capped.
 */
export function fetchClientMetadata(url: URL, policy: FetchPolicy): Promise<FetchedDocument> {
  const allow = policy.allowLoopback ? isLoopbackAddress : () => false;
  const literal = ipLiteral(url.hostname);
  if (literal && !isPublicAddress(literal) && !allow(literal)) {
    return Promise.reject(new ClientMetadataFetchError(`${url.hostname} is not a public address.`));
  }
  const insecureAllowed = policy.allowLoopback && url.protocol === "http:" && (url.hostname === "localhost" || (literal !== null && allow(literal)));
  if (url.protocol !== "https:" && !insecureAllowed) {
    return Promise.reject(new ClientMetadataFetchError("The client metadata URL must use https."));
  }
  const transport = url.protocol === "https:" ? https : http;

  return new Promise<FetchedDocument>((resolve, reject) => {
    const fail = (message: string) => {
      clearTimeout(deadline);
      request.destroy();
      reject(new ClientMetadataFetchError(message));
    };
    const request = transport.request(
      url,
      {
        method: "GET",
        headers: { accept: "application/json", "user-agent": "Briefs-OAuth/1" },
        lookup: publicOnlyLookup(allow) as never,
        timeout: CONNECT_TIMEOUT_MS,
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) return fail(`The client metadata URL redirects (${status}); redirects are not followed.`);
        if (status !== 200) return fail(`The client metadata URL answered ${status}.`);
        const declared = Number(response.headers["content-length"] ?? 0);
        if (declared > CIMD_MAX_BYTES) return fail(`The client metadata document is larger than ${CIMD_MAX_BYTES} bytes.`);
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > CIMD_MAX_BYTES) return fail(`The client metadata document is larger than ${CIMD_MAX_BYTES} bytes.`);
          chunks.push(chunk);
        });
        response.on("end", () => {
          clearTimeout(deadline);
          const cacheControl = response.headers["cache-control"];
          resolve({ text: Buffer.concat(chunks).toString("utf8"), cacheControl: typeof cacheControl === "string" ? cacheControl : null });
        });
        response.on("error", () => fail("The client metadata download failed."));
      },
    );
    const deadline = setTimeout(() => fail(`The client metadata URL did not answer within ${TOTAL_TIMEOUT_MS} ms.`), TOTAL_TIMEOUT_MS);
    request.on("timeout", () => fail(`The client metadata URL did not connect within ${CONNECT_TIMEOUT_MS} ms.`));
    request.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      reject(
        new ClientMetadataFetchError(
          error.code === "EBLOCKED" ? error.message : `The client metadata URL could not be fetched (${error.code ?? "network error"}).`,
        ),
      );
    });
    request.end();
  });
}

/** How long a fetched document may be reused: its max-age within [0 s, 24 h]; 5 minutes when unsaid. */
export function cacheLifetimeMs(cacheControl: string | null): number {
  const DEFAULT_MS = 5 * 60_000;
  const MAX_MS = 24 * 60 * 60_000;
  if (!cacheControl) return DEFAULT_MS;
  const directives = cacheControl.toLowerCase().split(",").map((d) => d.trim());
  if (directives.includes("no-store") || directives.includes("no-cache")) return 0;
  const maxAge = directives.map((d) => /^max-age=(\d+)$/.exec(d)).find(Boolean);
  return maxAge ? Math.min(Number(maxAge[1]) * 1000, MAX_MS) : DEFAULT_MS;
}
