"use client";

import { useState } from "react";
import { COMMENT_BODY_MAX } from "@/lib/contract/bounds";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import type { Item } from "../history/history-items";
import { useAddComment } from "./use-add-comment";

/** The box above the Comments panel; what was typed stays until the comment is added. */
export function CommentForm({ briefId, onAdded }: { briefId: string; onAdded: (item: Item) => void }) {
  const [body, setBody] = useState("");
  const { add, pending, error } = useAddComment(briefId, onAdded);
  return (
    <form
      className="space-y-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await add(body)) setBody("");
      }}
    >
      <Textarea id="new-comment" label="Comment" value={body} rows={2} autoGrow maxLength={COMMENT_BODY_MAX} onChange={(e) => setBody(e.target.value)} />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" disabled={pending}>
        {pending ? "Adding…" : "Add comment"}
      </Button>
    </form>
  );
}
