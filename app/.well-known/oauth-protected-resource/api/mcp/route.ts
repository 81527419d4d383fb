import { protectedResourceMetadata } from "@/lib/oauth/protected-resource-metadata";

// RFC 9728 metadata of the MCP endpoint, named by the 401 challenge's resource_metadata.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json(protectedResourceMetadata(), {
    headers: { "Access-Control-Allow-Origin": "*", "Cache-Control": "public, max-age=3600" },
  });
}
