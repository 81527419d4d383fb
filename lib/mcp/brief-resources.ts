import { ResourceNotFoundError, ResourceTemplate, type McpServer } from "@modelcontextprotocol/server";
import type { Actor } from "@/lib/auth/actor";
import { completeBriefId } from "@/lib/briefs/complete-brief-id";
import { completeVersionNum } from "@/lib/briefs/complete-version-num";
import { exportBrief } from "@/lib/briefs/export-brief";
import { listRecentBriefs } from "@/lib/briefs/list-recent-briefs";
import { briefStateLabels } from "@/lib/briefs/state-labels";
import { toDomainError } from "@/lib/internal-error";
import { protocolErrorOf, resourceErrorOf } from "./protocol-errors";

export const MARKDOWN = "text/markdown";
export const BRIEF_URI_TEMPLATE = "brief://{briefId}";
export const BRIEF_VERSION_URI_TEMPLATE = "brief://{briefId}/versions/{versionNum}";

export const briefUri = (briefId: string) => `brief://${briefId}`;

/** A version number as a URI segment: digits, no leading zero. */
const VERSION_NUM = /^[1-9][0-9]{0,9}$/;

/**
 * Completion answers what the caller may read and nothing else; a half-typed value that is not a valid
 * argument (too long, a NUL) simply has no suggestions.
 */
export async function suggestions(complete: () => Promise<string[]>): Promise<string[]> {
  try {
    return await complete();
  } catch (error) {
    const domain = toDomainError(error, "mcp completion/complete");
    if (domain.code === "INTERNAL_ERROR") throw protocolErrorOf(domain, "mcp completion/complete");
    return [];
  }
}

export const completeBriefIdFor = (actor: Actor) => (value: string) => suggestions(() => completeBriefId(actor, { value }));

const variable = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

async function readBrief(actor: Actor, uri: URL, briefId: string, versionNum?: string) {
  if (versionNum !== undefined && !VERSION_NUM.test(versionNum)) throw new ResourceNotFoundError(uri.href);
  try {
    const exported = await exportBrief(actor, { briefId, ...(versionNum !== undefined && { versionNum: Number(versionNum) }) });
    return { contents: [{ uri: uri.href, mimeType: MARKDOWN, text: exported.markdown }] };
  } catch (error) {
    throw resourceErrorOf(error, uri.href);
  }
}

/**
 * Briefs as resources (docs/contract.md#resources-and-prompts): `brief://{briefId}` is the brief now,
 * `brief://{briefId}/versions/{versionNum}` one version; both are the Markdown export. Access is
 * checked on every read as in brief_export.
 */
export function registerBriefResources(server: McpServer, actor: Actor): void {
  const completeBriefIdOfActor = completeBriefIdFor(actor);
  server.registerResource(
    "brief",
    new ResourceTemplate(BRIEF_URI_TEMPLATE, {
      // Hosts that cannot fill a template (Claude) offer what the list enumerates.
      list: async () => ({
        resources: (await listRecentBriefs(actor)).map((brief) => ({
          uri: briefUri(brief.id),
          name: brief.title,
          title: brief.title,
          description: `${brief.projectName} · ${briefStateLabels[brief.state]} · version ${brief.versionNum}`,
          mimeType: MARKDOWN,
          annotations: { lastModified: brief.updatedAt },
        })),
      }),
      complete: { briefId: completeBriefIdOfActor },
    }),
    {
      title: "Brief",
      description: "A brief as one Markdown document (the export format), at its current version. briefId completes by id or title.",
      mimeType: MARKDOWN,
    },
    (uri, variables) => readBrief(actor, uri, variable(variables.briefId)),
  );
  server.registerResource(
    "brief-version",
    new ResourceTemplate(BRIEF_VERSION_URI_TEMPLATE, {
      list: undefined,
      complete: {
        briefId: completeBriefIdOfActor,
        versionNum: (value, context) =>
          suggestions(() => completeVersionNum(actor, { briefId: context?.arguments?.briefId ?? "", value })),
      },
    }),
    {
      title: "Brief version",
      description: "One stored version of a brief as Markdown; its content never changes. Numbers run from 1 to the brief's versionNum.",
      mimeType: MARKDOWN,
    },
    (uri, variables) => readBrief(actor, uri, variable(variables.briefId), variable(variables.versionNum)),
  );
}
