import { getBriefVersion } from "@/lib/briefs/get-brief-version";
import { getBriefVersionArgsSchema } from "@/lib/briefs/tool-arguments";
import { readTool } from "../define-tool";
import { versionResultSchema } from "../output-schemas";

export const briefVersionGetTool = readTool({
  name: "brief_version_get",
  title: "Read a brief version",
  description:
    "One stored version: its content as written, hash, author, door (via) and whether it was baselined. " +
    "VALIDATION_ERROR if the brief never had that versionNum.",
  inputSchema: getBriefVersionArgsSchema,
  outputSchema: versionResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  errors: [],
  handler: (actor, args) => getBriefVersion(actor, args),
});
