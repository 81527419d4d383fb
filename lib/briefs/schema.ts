/**
 * The one zod schema of the brief contract (docs/contract.md#content-sections). Its bounds live in
 * lib/contract/bounds.ts; the editor form, the services and the MCP tools' JSON schemas derive from it.
 *
 * No transforms or defaults: parsing must never change the document (docs/contract.md#content: content is stored
 * exactly as sent), and `z.toJSONSchema` must be able to publish every schema.
 */
import { z } from "zod";
import { ACTOR_LABEL_MAX, ARRAY_MAX, ID_MAX, ID_PATTERN, LINK_KIND_MAX, LIST_ITEM_MAX, LONG_TEXT_MAX, TICKET_DESCRIPTION_MAX, TICKET_TITLE_MAX, TITLE_MAX } from "@/lib/contract/bounds";
import { boundedText, nameText } from "@/lib/contract/bounded-text";

const idSchema = z.string().min(1).max(ID_MAX).regex(ID_PATTERN, {
  error: "Must start with a letter or digit and contain only letters, digits, '.', '_', ':' or '-'.",
});

export const titleSchema = nameText(TITLE_MAX);

const longText = () => boundedText(0, LONG_TEXT_MAX).optional();
const listText = () => boundedText(1, LIST_ITEM_MAX);
const textList = () => z.array(listText()).max(ARRAY_MAX).optional();
const idList = () => z.array(idSchema).max(ARRAY_MAX);

const manualEvidenceSchema = z.strictObject({
  rationale: boundedText(1, LIST_ITEM_MAX),
  evidencePath: boundedText(1, LIST_ITEM_MAX),
});

export const acceptanceCriterionSchema = z
  .strictObject({
    id: idSchema,
    text: listText(),
    implementation: z.boolean().optional(),
    manualEvidence: manualEvidenceSchema.optional(),
  })
  .superRefine((criterion, ctx) => {
    if (criterion.implementation === false && criterion.manualEvidence === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["manualEvidence"],
        message: "Required when implementation is false: give a rationale and an evidencePath.",
      });
    }
  })
  // The refinement above is invisible to JSON Schema; publish the same rule for MCP clients.
  .meta({
    if: { properties: { implementation: { const: false } }, required: ["implementation"] },
    then: { required: ["manualEvidence"] },
  });

export const qaChecklistItemSchema = z.strictObject({
  text: listText(),
  checked: z.boolean(),
  addedBy: boundedText(0, ACTOR_LABEL_MAX).optional(),
  checkedBy: boundedText(0, ACTOR_LABEL_MAX).optional(),
  checkedAt: z.iso.datetime({ offset: true }).optional(),
});

const ticketShape = {
  id: idSchema,
  title: boundedText(1, TICKET_TITLE_MAX),
  description: boundedText(0, TICKET_DESCRIPTION_MAX).nullable(),
  boundCriteria: idList(),
};

/** Writes must bind requirements (docs/contract.md#content-sections). */
export const generatedTicketSchema = z.strictObject({ ...ticketShape, boundRequirements: idList() });

/** Stored data from before boundRequirements existed may lack it; reads tolerate that. */
export const generatedTicketReadSchema = z.strictObject({ ...ticketShape, boundRequirements: idList().optional() });

export const decisionSchema = z.strictObject({
  text: listText(),
  source: boundedText(0, LIST_ITEM_MAX).optional(),
  stated: z.boolean().optional(),
});

export const sourceArtifactLinkSchema = z.strictObject({
  label: listText(),
  kind: boundedText(0, LINK_KIND_MAX).optional(),
  read: z.boolean().optional(),
});

const checklistSection = () => z.array(qaChecklistItemSchema).max(ARRAY_MAX).optional();

function contentSchema(ticket: typeof generatedTicketSchema | typeof generatedTicketReadSchema) {
  // Loose: unknown keys and `_draft` are allowed. Note that zod's parse output reorders and can drop
  // keys, so callers keep the validated input, never the parse result (see validate-content.ts).
  return z.looseObject({
    goal: longText(),
    userPersonaContext: longText(),
    scope: longText(),
    outOfScope: longText(),
    requirements: textList(),
    edgeCases: textList(),
    acceptanceCriteria: z.array(acceptanceCriterionSchema).max(ARRAY_MAX).optional(),
    rolesPermissions: textList(),
    states: textList(),
    productSolution: longText(),
    technicalSolution: longText(),
    dataModelImplications: longText(),
    architectureAssumptions: longText(),
    design: longText(),
    testingQaChecklist: checklistSection(),
    testPlanUnit: textList(),
    testPlanIntegration: textList(),
    testPlanUiUx: textList(),
    openQuestions: textList(),
    generatedTickets: z.array(ticket).max(ARRAY_MAX).optional(),
    requiredEvidence: z.array(acceptanceCriterionSchema).max(ARRAY_MAX).optional(),
    decisions: z.array(decisionSchema).max(ARRAY_MAX).optional(),
    sourceArtifactLinks: z.array(sourceArtifactLinkSchema).max(ARRAY_MAX).optional(),
    checklist: checklistSection().describe("Alias of testingQaChecklist (equal if both are sent), mirrored in results."),
  });
}

/**
 * Parts that recur within the brief document, by name. The MCP door publishes each once per tool
 * schema (lib/mcp/published-schema.ts) instead of at every place it occurs.
 */
export const briefContentParts = {
  id: idSchema,
  longText: boundedText(0, LONG_TEXT_MAX),
  listText: listText(),
  textList: z.array(listText()).max(ARRAY_MAX),
  criteria: z.array(acceptanceCriterionSchema).max(ARRAY_MAX),
  checklistRows: z.array(qaChecklistItemSchema).max(ARRAY_MAX),
};

/** Content as a client may send it. Cross-key rules (checklist alias, size) are in validate-content.ts. */
export const briefContentSchema = contentSchema(generatedTicketSchema);

/** Content as stored and returned, legacy data included. */
export const briefContentReadSchema = contentSchema(generatedTicketReadSchema);

export const briefStates = [
  "drafting",
  "in_review",
  "baselined",
  "in_development",
  "checked",
  "superseded",
  "closed",
] as const;
export const briefStateSchema = z.enum(briefStates);

export const collectionKeys = [
  "versions",
  "decisionHistory",
  "findings",
  "proposals",
  "approvals",
  "comments",
  "artifacts",
  "workOrders",
  "reviewSessions",
  "shares",
  "qualitySuppressions",
] as const;
export const collectionKeySchema = z.enum(collectionKeys);

/**
 * The collections clients append to (docs/contract.md#collections). The system writes the other four,
 * and `proposals` holds only what brief_propose makes.
 */
const appendableCollections = ["findings", "comments", "artifacts", "workOrders", "shares"] as const;
export const appendableCollectionSchema = z.enum(appendableCollections);

export type AcceptanceCriterion = z.infer<typeof acceptanceCriterionSchema>;
export type QaChecklistItem = z.infer<typeof qaChecklistItemSchema>;
export type GeneratedTicket = z.infer<typeof generatedTicketReadSchema>;
export type Decision = z.infer<typeof decisionSchema>;
export type SourceArtifactLink = z.infer<typeof sourceArtifactLinkSchema>;
export type BriefContent = z.infer<typeof briefContentReadSchema>;
export type BriefState = z.infer<typeof briefStateSchema>;
export type CollectionKey = z.infer<typeof collectionKeySchema>;
export type AppendableCollection = z.infer<typeof appendableCollectionSchema>;
