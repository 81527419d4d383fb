import type { Metadata } from "next";
import { Breadcrumbs } from "@/components/breadcrumbs";
import Link from "next/link";
import { notFoundIfDenied } from "@/app/_web/not-found-if-denied";
import { AppHeader } from "@/components/app-header";
import { BriefFilters } from "@/components/projects/brief-filters";
import { BriefList } from "@/components/projects/brief-list";
import { ImportedNotice } from "@/components/import/imported-notice";
import { LiveRefresh } from "@/components/live/live-refresh";
import { MembersPanel } from "@/components/projects/members-panel";
import { NewBriefForm } from "@/components/projects/new-brief-form";
import { ProofSettingPanel } from "@/components/projects/proof-setting-panel";
import { GithubPanel } from "@/components/github/github-panel";
import { checkPostingStatus } from "@/lib/github/check-posting-status";
import { listConnectedRepositories } from "@/lib/github/connect-repository";
import { QualitySettingsPanel } from "@/components/quality/quality-settings-panel";
import { getProjectQuality } from "@/lib/quality/project-quality";
import { RoleBadge } from "@/components/projects/role-badge";
import { EmptyState } from "@/components/ui/empty-state";
import { HeadedSection } from "@/components/ui/headed-section";
import { Panel } from "@/components/ui/panel";
import { buttonClassName } from "@/components/ui/button";
import { briefStateLabels } from "@/lib/briefs/state-labels";
import { listBriefsWithProgress } from "@/lib/briefs/list-briefs-with-progress";
import { briefStateSchema } from "@/lib/briefs/schema";
import { listProjectMembers } from "@/lib/projects/list-project-members";
import { roleAllows } from "@/lib/projects/project-access";
import { getProofMode } from "@/lib/projects/require-proof";
import { listTemplates } from "@/lib/templates/list-templates";
import { SHORT_PAGE_SIZE, TITLE_MAX } from "@/lib/contract/bounds";
import { loadProject, peekProjectName } from "./load-project";

export const dynamic = "force-dynamic";

// No loading.tsx here on purpose: the filters live in the URL, and a route-level loading state
// would replace the whole page (and the focus in the search field) on every filter change.
// Instead the navigation is a transition that keeps the page and says "Updating…".

type Props = {
  params: Promise<{ projectId: string }>;
  searchParams: Promise<{ state?: string | string[]; q?: string | string[] }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: (await peekProjectName((await params).projectId)) ?? "Not found" };
}

export default async function ProjectPage({ params, searchParams }: Props) {
  const { projectId } = await params;
  const { actor, project } = await loadProject(projectId);
  const filters = readFilters(await searchParams);
  const canManage = roleAllows(project.role, "manage");
  const [members, firstPage, proofMode, templates, quality, repositories, checks] = await notFoundIfDenied(
    Promise.all([
      listProjectMembers(actor, projectId),
      listBriefsWithProgress(actor, { projectId, state: filters.state, titleContains: filters.q, limit: SHORT_PAGE_SIZE }),
      getProofMode(actor, projectId),
      listTemplates(actor, { projectId }),
      getProjectQuality(actor, projectId),
      canManage ? listConnectedRepositories(actor, projectId) : Promise.resolve([]),
      canManage ? checkPostingStatus(actor, projectId) : Promise.resolve({ enabled: false, failing: [] }),
    ]),
  );
  const canWrite = roleAllows(project.role, "write");
  const filtered = Boolean(filters.state || filters.q);
  const filterKey = `${filters.state ?? ""}|${filters.q ?? ""}`;

  return (
    <>
      <AppHeader actor={actor} />
      <LiveRefresh projectId={projectId} />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
        <div className="space-y-2">
          <Breadcrumbs items={[{ label: "Projects", href: "/projects" }, { label: project.name }]} />
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="min-w-0 wrap-anywhere text-2xl font-semibold">{project.name}</h1>
            <RoleBadge role={project.role} />
          </div>
          {project.description && <p className="max-w-3xl whitespace-pre-line text-slate-600">{project.description}</p>}
          <ImportedNotice projectId={projectId} />
          {!canWrite && (
            <p className="text-sm text-slate-600">You can read this project’s briefs. Ask an owner for editor access to write.</p>
          )}
        </div>

        {/* On a phone the form to add a brief comes first; on a wide screen it sits beside the list. */}
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]">
          {canWrite && (
            <Panel headingId="new-brief-heading" title="New brief" className="lg:col-start-2 lg:row-start-1">
              <NewBriefForm projectId={projectId} templates={templates.map(({ id, name, description }) => ({ id, name, description }))} />
              <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-3">
                <p className="text-sm text-slate-600">Or create briefs from documents you have.</p>
                <Link prefetch={false} href={`/projects/${projectId}/import`} className={buttonClassName("secondary")}>
                  Import
                </Link>
              </div>
            </Panel>
          )}
          <HeadedSection headingId="briefs-heading" title="Briefs" className="min-w-0 space-y-4 lg:col-start-1 lg:row-span-2 lg:row-start-1">
            <BriefFilters projectId={projectId} state={filters.state ?? ""} q={filters.q ?? ""} />
            {firstPage.items.length > 0 ? (
              <BriefList key={filterKey} projectId={projectId} state={filters.state} titleContains={filters.q} firstPage={firstPage} />
            ) : filtered ? (
              <EmptyState
                title="No briefs match these filters"
                action={
                  <Link href={`/projects/${projectId}`} className={buttonClassName("secondary")}>
                    Clear filters
                  </Link>
                }
              >
                {describeFilters(filters)}
              </EmptyState>
            ) : (
              <EmptyState title="No briefs yet">
                {canWrite
                  ? "Create the first brief with “New brief”: give it a title, then write its requirements in the editor — or import the documents you have."
                  : "When an editor writes the first brief, it will appear here."}
              </EmptyState>
            )}
          </HeadedSection>
          <div className={`space-y-6 ${canWrite ? "lg:col-start-2 lg:row-start-2" : "lg:col-start-2 lg:row-span-2 lg:row-start-1"}`}>
            <MembersPanel
              projectId={projectId}
              members={members}
              canManage={roleAllows(project.role, "manage")}
              currentEmail={actor.email}
            />
            <ProofSettingPanel projectId={projectId} proofMode={proofMode} canManage={roleAllows(project.role, "manage")} />
            <QualitySettingsPanel projectId={projectId} quality={quality} canManage={roleAllows(project.role, "manage")} />
            <Panel headingId="templates-heading" title="Templates">
              <p className="text-sm text-slate-600">
                {templates.length === 1 ? "1 template" : `${templates.length} templates`} to start new briefs from
                {canWrite ? "; save any brief as one from its page." : "."}
              </p>
              <Link prefetch={false} href={`/projects/${projectId}/templates`} className={buttonClassName("secondary", "mt-3")}>
                {canWrite ? "Manage templates" : "View templates"}
              </Link>
            </Panel>
            {canManage && <GithubPanel projectId={projectId} repositories={repositories} checks={checks} />}
            {roleAllows(project.role, "manage") && (
              <Panel headingId="webhooks-heading" title="Webhooks">
                <p className="text-sm text-slate-600">Pass this project’s changes on to a tracker, a chat or CI as signed events.</p>
                <Link prefetch={false} href={`/projects/${projectId}/settings/webhooks`} className={buttonClassName("secondary", "mt-3")}>
                  Manage webhooks
                </Link>
              </Panel>
            )}
          </div>
        </div>
      </main>
    </>
  );
}

type Filters = { state?: (typeof briefStateSchema.options)[number]; q?: string };

/** Unknown states and blank searches are ignored rather than shown as errors: the URL is user-editable. */
function readFilters(params: { state?: string | string[]; q?: string | string[] }): Filters {
  const state = briefStateSchema.safeParse(first(params.state));
  const q = first(params.q)?.trim().slice(0, TITLE_MAX);
  return { state: state.success ? state.data : undefined, q: q || undefined };
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function describeFilters({ state, q }: Filters): string {
  const parts = [state && `in state “${briefStateLabels[state]}”`, q && `with “${q}” in the title`].filter(Boolean);
  return `No brief ${parts.join(" and ")}.`;
}
