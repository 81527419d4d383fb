import { formatDateTime } from "@/components/ui/date-format";
import type { CommentView } from "../history/history-items";

/** A comment as the Comments panel lists it: its text as written, then who and when. */
export function CommentItem({ view }: { view: CommentView }) {
  return (
    <div>
      <p className="whitespace-pre-wrap wrap-anywhere text-sm text-slate-900">{view.body}</p>
      <p className="mt-0.5 text-xs text-slate-500">
        {view.author} · {formatDateTime(view.createdAt)}
      </p>
    </div>
  );
}
