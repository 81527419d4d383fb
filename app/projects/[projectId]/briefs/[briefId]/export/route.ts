import { getWebActor } from "@/lib/auth/session-gate";
import { exportBrief } from "@/lib/briefs/export-brief";
import { toActionResult } from "@/lib/web/action-result";
import { actionResultResponse } from "@/lib/web/action-result-response";
import { signInRequiredResponse } from "@/lib/web/route-answers";

type Params = { projectId: string; briefId: string };

/**
 * "Download Markdown": GET …/export (or ?version=N) answers the brief_export document as a file.
 * A plain same-origin GET that only reads, so a link can start it; errors are the web's JSON
 * answers (404 for a brief the person may not see or that is not in this project).
 */
export async function GET(request: Request, { params }: { params: Promise<Params> }) {
  const actor = await getWebActor();
  if (!actor) return signInRequiredResponse();
  const { projectId, briefId } = await params;
  const version = new URL(request.url).searchParams.get("version");
  // A number the schema checks; anything else goes to it as it is and comes back as VALIDATION_ERROR.
  const versionNum = version === null ? undefined : /^\d{1,10}$/.test(version) ? Number(version) : version;
  const result = await toActionResult(() => exportBrief(actor, { briefId, versionNum: versionNum as number | undefined }, { inProject: projectId }));
  if (!result.ok) return actionResultResponse(result);
  const { markdown, fileName } = result.data;
  return new Response(markdown, {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": attachment(fileName),
      "Cache-Control": "no-store",
    },
  });
}

/** The name as ASCII for old clients and as UTF-8 (RFC 6266, RFC 8187) for the rest. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
