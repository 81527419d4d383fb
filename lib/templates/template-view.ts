import type { BriefTemplate } from "@/lib/generated/prisma/client";
import type { BriefContent } from "@/lib/briefs/schema";
import { filledSections } from "./template-content";
import type { TemplateView } from "./template-schema";

export function toTemplateView(row: BriefTemplate): TemplateView {
  // The column is `json`: the driver may hand back its text or the value it parsed.
  const content = (typeof row.content === "string" ? JSON.parse(row.content) : row.content) as BriefContent;
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    description: row.description,
    sections: filledSections(content),
    content,
    builtIn: row.createdById === null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
