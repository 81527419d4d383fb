import { authorizationServerMetadata } from "@/lib/oauth/authorization-server-metadata";

// RFC 8414 metadata of the app's own authorization server (the issuer is the app's origin).
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json(authorizationServerMetadata(), {
    headers: { "Access-Control-Allow-Origin": "*", "Cache-Control": "public, max-age=3600" },
  });
}
