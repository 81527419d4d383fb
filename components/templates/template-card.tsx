import { Badge } from "../ui/badge";
import { sectionTitles, type ContentSectionKey } from "@/lib/briefs/section-titles";
import type { TemplateView } from "@/lib/templates/template-schema";
import { DeleteTemplateButton } from "./delete-template-button";
import { TemplateEditForm } from "./template-edit-form";

/** One template on the templates page: what it is for and the sections it fills; editing for writers. */
export function TemplateCard({ template, canWrite }: { template: TemplateView; canWrite: boolean }) {
  const headingId = `template-${template.id}`;
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-4" data-testid="template-card">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="min-w-0 wrap-anywhere font-medium">
          {template.name}
        </h2>
        {template.builtIn && <Badge tone="muted">Built-in</Badge>}
      </div>
      {template.description && <p className="text-sm text-slate-600">{template.description}</p>}
      <p className="text-sm text-slate-600">
        {template.sections.length === 0
          ? "Fills no sections: briefs start blank."
          : `Fills: ${template.sections.map((key) => sectionTitles[key as ContentSectionKey] ?? key).join(", ")}.`}
      </p>
      {canWrite && (
        <div className="space-y-2 pt-1">
          {/* Keyed by updatedAt: after a save the form starts again from what was stored. */}
          <TemplateEditForm key={template.updatedAt} template={template} />
          <DeleteTemplateButton templateId={template.id} name={template.name} />
        </div>
      )}
    </li>
  );
}
