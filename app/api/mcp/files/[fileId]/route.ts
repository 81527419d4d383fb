import type { Actor } from "@/lib/auth/actor";
import { getWebActor } from "@/lib/auth/session-gate";
import { protectedResourceMetadataUrl } from "@/lib/config/mcp-resource";
import { DomainError } from "@/lib/errors";
import { readEvidenceFile, type EvidenceFileContent } from "@/lib/evidence/read-evidence-file";
import { authenticateBearerToken, bearerTokenOf } from "@/lib/auth/authenticate-bearer-token";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * An evidence file (docs/contract.md#evidence), for a signed-in person or a bearer token (API token
 * or OAuth access token, counted under the MCP endpoint's limit) who may read its brief. Every
 * refusal past the credentials is the same 404 as a file that does not exist. The file is sent as
 * an attachment with its stored type and never sniffed, so a served file cannot run as a page here.
 */
export async function GET(request: Request, { params }: { params: Promise<{ fileId: string }> }) {
  const reader = await readerOf(request);
  if (reader instanceof Response) return reader;
  const { fileId } = await params;
  try {
    return fileResponse(await readEvidenceFile(reader, fileId), request.headers.get("if-none-match"));
  } catch (error) {
    if (error instanceof DomainError && error.code === "PROJECT_ACCESS_DENIED") return notFound();
    throw error;
  }
}

/** The bearer token when one is sent (an invalid one is 401, never the cookie's fallback), else the session. */
async function readerOf(request: Request): Promise<Actor | Response> {
  const header = request.headers.get("authorization");
  if (header !== null && header.trim() !== "") {
    const token = bearerTokenOf(header);
    const gate = token ? await authenticateBearerToken(token) : null;
    if (!gate) return unauthorized("invalid_token");
    if (!gate.limit.allowed) {
      return Response.json({ error: "rate_limited", error_description: "This token is over its request limit." }, { status: 429, headers: { ...noStore, "Retry-After": String(gate.limit.retryAfterSeconds) } });
    }
    return gate.actor;
  }
  return (await getWebActor()) ?? unauthorized();
}

function unauthorized(error?: "invalid_token"): Response {
  const challenge = `Bearer ${error ? `error="${error}", ` : ""}resource_metadata="${protectedResourceMetadataUrl()}"`;
  return Response.json({ error: "unauthorized", error_description: "Sign in, or send Authorization: Bearer <token>." }, { status: 401, headers: { ...noStore, "WWW-Authenticate": challenge } });
}

function notFound(): Response {
  return Response.json({ error: "not_found", error_description: "No such file, or you may not read it." }, { status: 404, headers: noStore });
}

function fileResponse(file: EvidenceFileContent, ifNoneMatch: string | null): Response {
  const etag = `"${file.sha256}"`;
  const headers = {
    ...noStore,
    "Content-Type": file.mediaType,
    "Content-Disposition": contentDisposition(file.name),
    "X-Content-Type-Options": "nosniff",
    ETag: etag,
  };
  if (ifNoneMatch !== null && ifNoneMatch.split(",").some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(file.bytes), { status: 200, headers: { ...headers, "Content-Length": String(file.bytes.byteLength) } });
}

/** RFC 6266: an ASCII fallback without quotes or controls, and the exact name in RFC 5987 form. */
function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
