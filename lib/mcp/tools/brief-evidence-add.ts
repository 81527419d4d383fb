import { EVIDENCE_FILE_MAX_BYTES_MCP } from "@/lib/contract/bounds";
import { addEvidence } from "@/lib/evidence/add-evidence";
import { addEvidenceArgsSchema, addEvidenceResultSchema } from "@/lib/evidence/evidence-schema";
import { writeTool } from "../define-tool";

export const briefEvidenceAddTool = writeTool({
  name: "brief_evidence_add",
  title: "Add evidence",
  description:
    "Records that acceptance criteria pass or fail, for their current text. Give a url or a file (base64, at most 700000 bytes). " +
    "Summary is Markdown. A fail opens a finding; a pass resolves those it proves.",
  inputSchema: addEvidenceArgsSchema,
  outputSchema: addEvidenceResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "implicit",
  errors: ["BRIEF_STATE_CONFLICT"],
  handler: (actor, args) => addEvidence(actor, args, { maxFileBytes: EVIDENCE_FILE_MAX_BYTES_MCP }),
});
