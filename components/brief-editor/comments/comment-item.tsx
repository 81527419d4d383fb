import { MarkdownText } from "@/components/markdown/markdown-text";
import { formatDateTime } from "@/components/ui/date-format";
import type { CommentView } from "../history/history-items";

/** A comment as the Comments panel lists it: its text as Markdown (like the brief's), then who and when. */
export function CommentItem({ view }: { view: CommentView }) {
  return (
    <div>
      <MarkdownText text={view.body} className="text-sm" />
      <p className="mt-0.5 text-xs text-slate-500">
        {view.author} · {formatDateTime(view.createdAt)}
      </p>
    </div>
  );
}
