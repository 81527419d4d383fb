import { toDomainError } from "@/lib/internal-error";
import { OAuthError } from "./oauth-error";
import { oauthErrorResponse, oauthJson } from "./oauth-http";

/**
 * Wraps a token, revocation or registration handler: protocol errors become their RFC answers;
 * anything else is logged with a request id and answered `server_error`, with nothing from inside.
 */
export function oauthEndpoint(where: string, handler: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    try {
      return await handler(request);
    } catch (error) {
      if (error instanceof OAuthError) return oauthErrorResponse(error);
      const { details } = toDomainError(error, where);
      return oauthJson({ error: "server_error", error_description: `Quote request id ${String(details?.requestId)} when reporting it.` }, 500);
    }
  };
}

