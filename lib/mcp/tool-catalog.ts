import type { ToolDefinition } from "./define-tool";
import { projectCreateTool } from "./tools/project-create";
import { projectListTool } from "./tools/project-list";
import { projectMemberSetTool } from "./tools/project-member-set";
import { briefCreateTool } from "./tools/brief-create";
import { briefListTool } from "./tools/brief-list";
import { briefSearchTool } from "./tools/brief-search";
import { briefGetFullTool } from "./tools/brief-get-full";
import { briefUpdateTool } from "./tools/brief-update";
import { briefChecklistUpdateTool } from "./tools/brief-checklist-update";
import { briefTransitionTool } from "./tools/brief-transition";
import { briefApproveTool } from "./tools/brief-approve";
import { briefCollectionAppendTool } from "./tools/brief-collection-append";
import { briefProposeTool } from "./tools/brief-propose";
import { briefProposalDecideTool } from "./tools/brief-proposal-decide";
import { briefEvidenceAddTool } from "./tools/brief-evidence-add";
import { briefWorkOrderUpdateTool } from "./tools/brief-work-order-update";
import { briefTraceTool } from "./tools/brief-trace";
import { briefCheckTool } from "./tools/brief-check";
import { briefCollectionListTool } from "./tools/brief-collection-list";
import { briefVersionGetTool } from "./tools/brief-version-get";
import { briefExportTool } from "./tools/brief-export";
import { appTools } from "./register-brief-app";

/**
 * The tools of the MCP door (docs/contract.md#tools), in the order tools/list shows them; the app
 * tools (register-brief-app.ts) are registered after them.
 */
export const toolCatalog: readonly ToolDefinition[] = [
  projectListTool,
  projectCreateTool,
  projectMemberSetTool,
  briefListTool,
  briefSearchTool,
  briefGetFullTool,
  briefCreateTool,
  briefUpdateTool,
  briefChecklistUpdateTool,
  briefTransitionTool,
  briefApproveTool,
  briefCollectionListTool,
  briefCollectionAppendTool,
  briefProposeTool,
  briefProposalDecideTool,
  briefWorkOrderUpdateTool,
  briefEvidenceAddTool,
  briefTraceTool,
  briefCheckTool,
  briefVersionGetTool,
  briefExportTool,
];

// The app tools (register-brief-app.ts) are registered after these and are found by name alike.
const byName = new Map([...toolCatalog, ...appTools].map((tool) => [tool.name, tool]));

export function findTool(name: string): ToolDefinition | undefined {
  return byName.get(name);
}
