"use client";

import { useState } from "react";
import { COMMENT_BODY_MAX } from "@/lib/contract/bounds";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import type { Item } from "../history/history-items";
import { useMentionCompletion } from "@/components/notifications/use-mention-completion";
import { useAddComment } from "./use-add-comment";

/**
 * The box above the Comments panel; what was typed stays until the comment is added. `@` offers the
 * project's members: a mention tells them (lib/notifications).
 */
export function CommentForm({ briefId, onAdded }: { briefId: string; onAdded: (item: Item) => void }) {
  const [body, setBody] = useState("");
  const { add, pending, error } = useAddComment(briefId, onAdded);
  const mention = useMentionCompletion(briefId, body, setBody);
  return (
    <form
      className="space-y-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await add(body)) setBody("");
      }}
    >
      <div className="relative">
        <Textarea
          id="new-comment"
          label="Comment"
          hint="Type @ to mention a member of the project."
          value={body}
          rows={2}
          autoGrow
          maxLength={COMMENT_BODY_MAX}
          role="combobox"
          aria-expanded={mention.offered.length > 0}
          aria-controls="mention-options"
          aria-autocomplete="list"
          aria-activedescendant={mention.offered.length ? `mention-${mention.active}` : undefined}
          onChange={(e) => {
            setBody(e.target.value);
            mention.follow(e.target.value, e.target.selectionStart);
          }}
          onKeyDown={mention.onKeyDown}
        />
        {mention.offered.length > 0 && (
          <ul id="mention-options" role="listbox" aria-label="Members to mention" className="absolute z-20 mt-1 w-full max-w-sm rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg">
            {mention.offered.map((member, i) => (
              <li
                key={member.email}
                id={`mention-${i}`}
                role="option"
                aria-selected={i === mention.active}
                onMouseDown={(event) => {
                  event.preventDefault();
                  mention.pick(member);
                }}
                className={`cursor-pointer px-3 py-1.5 ${i === mention.active ? "bg-indigo-50 text-indigo-900" : "text-slate-800"}`}
              >
                {member.name ? `${member.name} · ` : ""}
                <span className="text-slate-500">{member.email}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error && <Alert>{error}</Alert>}
      <Button type="submit" disabled={pending}>
        {pending ? "Adding…" : "Add comment"}
      </Button>
    </form>
  );
}
