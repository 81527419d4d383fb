import type { BriefContent } from "@/lib/briefs/schema";
import type { BriefFull } from "../brief-data";
import { ConflictPanel } from "../conflict-panel";
import { contentFromModel } from "../form-model";
import type { VersionView } from "../history/history-items";
import { ChangedElsewhere } from "./changed-elsewhere";
import { theirsOf } from "./draft-state";
import type { Draft } from "./use-draft";

/**
 * What the editor says when the brief changed under a draft: a note with "Review", or, once opened
 * (or after a refused save), the three-way review with "Overwrite" and "Reload theirs".
 */
export function DraftReview({ data, draft, newestVersion, save }: { data: BriefFull; draft: Draft; newestVersion: VersionView | undefined; save: (ifVersionNum: number) => unknown }) {
  const { state: form, dispatch } = draft;
  const theirs = theirsOf(data, form.conflict);
  const showReview = form.reviewOpen && (form.conflict !== null || draft.changedElsewhere);
  if (!showReview) {
    return draft.changedElsewhere ? <ChangedElsewhere versionNum={data.brief.versionNum} by={newestVersion?.createdBy} onReview={() => dispatch({ type: "reviewOpened" })} /> : null;
  }
  return (
    <ConflictPanel
      mode={form.conflict ? "conflict" : "changed"}
      base={form.base}
      theirs={theirs}
      mine={{ title: form.draft.title, content: contentFromModel(form.draft, form.base.content) as BriefContent }}
      theirAuthor={newestVersion?.createdBy && newestVersion.versionNum === String(theirs?.versionNum) ? { by: newestVersion.createdBy, at: newestVersion.createdAt } : null}
      busy={form.saving}
      onOverwrite={() => theirs && void save(theirs.versionNum)}
      onReloadTheirs={() => dispatch({ type: "reloadedTheirs", data })}
      onClose={() => dispatch({ type: "reviewClosed" })}
    />
  );
}
