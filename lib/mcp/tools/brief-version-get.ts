import { getBriefVersion } from "@/lib/briefs/get-brief-version";
import { getBriefVersionArgsSchema } from "@/lib/briefs/tool-arguments";
import { readTool } from "../define-tool";
import { versionResultSchema } from "../output-schemas";

export const briefVersionGetTool = readTool({
  name: "brief_version_get",
  title: "Read one immutable version of a brief",
  description:
    "Reads one stored version of a brief by versionNum: its content exactly as it was, its hash, author (createdBy), " +
    "the door it came through (via: a tool name, web or cli), when, and whether it was baselined. Use it to compare " +
    "with the current content or to see what was approved; find version numbers with brief_collection_list " +
    "(collection versions). Returns {version: {versionNum, hash, createdAt, createdBy, via, baseline, content}}. " +
    "Errors: PROJECT_ACCESS_DENIED (no such brief or no access), VALIDATION_ERROR (the brief never had that versionNum).",
  inputSchema: getBriefVersionArgsSchema,
  outputSchema: versionResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  handler: (actor, args) => getBriefVersion(actor, args),
});
