"use client";

import { useRef, useState, type KeyboardEvent } from "react";
import { mentionCandidatesAction, type MentionCandidate } from "./actions";

/** The `@word` being typed just before the caret, if any. */
function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]*)$/.exec(text.slice(0, caret));
  return match ? { start: caret - match[2].length - 1, query: match[2].toLowerCase() } : null;
}

/**
 * Completion of `@` mentions in a comment box: typing `@` and part of a member's name or address
 * offers the project's members; picking one (click, or arrows and Enter) writes `@their-address `.
 * The members are read once, when the first `@` is typed.
 */
export function useMentionCompletion(briefId: string, body: string, setBody: (next: string) => void) {
  const [members, setMembers] = useState<MentionCandidate[] | null>(null);
  const [at, setAt] = useState<{ start: number; query: string; caret: number } | null>(null);
  const [active, setActive] = useState(0);
  const loading = useRef(false);

  const offered = at && members ? members.filter((m) => m.email.toLowerCase().includes(at.query) || (m.name ?? "").toLowerCase().includes(at.query)).slice(0, 8) : [];

  const follow = (text: string, caret: number) => {
    const found = mentionAt(text, caret);
    setAt(found && { ...found, caret });
    setActive(0);
    if (found && members === null && !loading.current) {
      loading.current = true;
      void mentionCandidatesAction(briefId).then((result) => setMembers(result.ok ? result.data : []));
    }
  };

  const pick = (member: MentionCandidate) => {
    if (!at) return;
    setBody(`${body.slice(0, at.start)}@${member.email} ${body.slice(at.caret)}`);
    setAt(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!offered.length) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (i + (event.key === "ArrowDown" ? 1 : offered.length - 1)) % offered.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      pick(offered[active]);
    } else if (event.key === "Escape") {
      setAt(null);
    }
  };

  return { offered, active, follow, pick, onKeyDown };
}
