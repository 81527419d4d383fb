import { Breadcrumbs } from "@/components/breadcrumbs";
import { BriefStateBadge } from "@/components/brief-state-badge";
import { formatDateTime } from "@/components/ui/date-format";
import type { BriefState } from "@/lib/briefs/schema";

/** Where the brief sits, its title and state, and which version the page shows. */
export function BriefHeader({
  projectId,
  projectName,
  title,
  state,
  versionNum,
  lastSavedBy,
  updatedAt,
  viewer,
}: {
  projectId: string;
  projectName: string;
  title: string;
  state: BriefState;
  versionNum: number;
  lastSavedBy: string | undefined;
  updatedAt: string;
  viewer: boolean;
}) {
  return (
    <>
      <Breadcrumbs items={[{ label: "Projects", href: "/projects" }, { label: projectName, href: `/projects/${projectId}` }, { label: title }]} />
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="min-w-0 wrap-anywhere text-2xl font-semibold text-slate-900">{title}</h1>
        <BriefStateBadge state={state} />
      </div>
      <p className="mt-1 text-sm text-slate-600" data-testid="brief-version">
        Version {versionNum}
        {lastSavedBy ? ` · last saved by ${lastSavedBy}` : ""} · updated {formatDateTime(updatedAt)}
        {viewer && <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-700">Read only · viewer</span>}
      </p>
    </>
  );
}
