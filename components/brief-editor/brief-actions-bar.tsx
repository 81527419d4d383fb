import { WatchButton } from "@/components/notifications/watch-button";
import { PresenceBar } from "@/components/presence/presence-bar";
import { DuplicateBriefButton } from "@/components/templates/duplicate-brief-button";
import { SaveAsTemplateDialog } from "@/components/templates/save-as-template-dialog";
import type { PresenceView } from "@/lib/live/presence/presence-schema";

/** Under the brief's header: who else is here, and what one can start from this brief or follow. */
export function BriefActionsBar({ projectId, briefId, title, canStartFrom, presence }: { projectId: string; briefId: string; title: string; canStartFrom: boolean; presence: PresenceView }) {
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
      <PresenceBar view={presence} />
      <div className="flex flex-wrap items-center gap-2">
        {/* Owners and editors start new work from this brief, whatever its state. */}
        {canStartFrom && (
          <>
            <SaveAsTemplateDialog projectId={projectId} briefId={briefId} title={title} />
            <DuplicateBriefButton briefId={briefId} />
          </>
        )}
        <WatchButton briefId={briefId} />
      </div>
    </div>
  );
}
