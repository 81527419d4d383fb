import type { ComponentProps, ReactNode } from "react";
import type { BriefContent } from "@/lib/briefs/schema";
import type { QualityFinding } from "@/lib/quality/check-item";
import type { SuppressedFinding } from "@/lib/quality/suppressions";
import type { Trace } from "@/lib/trace/trace-schema";
import { ChecklistList } from "../checklist/checklist-list";
import type { SectionKey } from "../sections";
import { viewHref } from "../view-url";
import { BriefDocument } from "./brief-document";
import { EditLink, SectionEditLink } from "./document-actions";
import { OutlineDisclosure } from "./document-outline";
import type { documentParts } from "./document-sections";
import { proofSections } from "./proof-sections";
import { QualityFindings } from "./quality-findings";

/**
 * Read mode's middle column: the outline (below xl), the quality findings, and the document with
 * its clickable checklist, a section's edit link for those who may draft, and what an empty brief says.
 */
export function ReadDocument({
  briefId,
  pagePath,
  content,
  parts,
  trace,
  canEdit,
  canDraft,
  findings,
  suppressed,
  checklist,
  onOpenEditor,
  onChanged,
}: {
  briefId: string;
  pagePath: string;
  content: BriefContent;
  parts: ReturnType<typeof documentParts>["parts"];
  trace: Trace;
  canEdit: boolean;
  canDraft: boolean;
  findings: QualityFinding[];
  suppressed: SuppressedFinding[];
  checklist: ComponentProps<typeof ChecklistList>;
  onOpenEditor: (section?: SectionKey) => void;
  onChanged: () => void;
}) {
  const startWriting: ReactNode = canEdit ? (
    <p className="mt-2 text-sm text-slate-600">
      <EditLink href={viewHref(pagePath, "edit")} onOpen={() => onOpenEditor()} className="font-medium text-indigo-700 underline">
        Start writing
      </EditLink>{" "}
      its goal, requirements and the rest.
    </p>
  ) : (
    <p className="mt-2 text-sm text-slate-600">Its sections appear here once an editor writes them.</p>
  );
  return (
    <div className="min-w-0">
      <OutlineDisclosure parts={parts} />
      <QualityFindings findings={findings} suppressed={suppressed} suppressing={canEdit ? { briefId, content, onSuppressed: onChanged } : undefined} />
      <BriefDocument
        content={content}
        sectionBodies={proofSections({ briefId, content, trace, canEdit, onChanged })}
        checklist={
          <div data-testid="qa-checklist">
            <ChecklistList {...checklist} />
          </div>
        }
        sectionAction={canDraft ? (key, title) => <SectionEditLink href={viewHref(pagePath, "edit", key)} title={title} onOpen={() => onOpenEditor(key)} /> : undefined}
        empty={
          <>
            <p className="font-medium text-slate-800">Nothing is written in this brief yet.</p>
            {startWriting}
          </>
        }
      />
    </div>
  );
}
