/**
 * A word-level diff of two texts, and the same diff as Markdown with invisible marks around what was
 * added and removed, so the review page can render the Markdown and still show every change
 * (rehype-diff-marks.ts turns the marks into <ins> and <del>).
 */
import { alignedPairs } from "@/lib/proposals/sequence-merge";

export type WordSegment = { op: "same" | "add" | "del"; text: string };

const MAX_CELLS = 4_000_000;

function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

export function diffWords(before: string, after: string): WordSegment[] {
  const a = tokens(before);
  const b = tokens(after);
  if (a.length * b.length > MAX_CELLS) return [...(before ? [{ op: "del" as const, text: before }] : []), ...(after ? [{ op: "add" as const, text: after }] : [])];
  const out: WordSegment[] = [];
  const push = (op: WordSegment["op"], text: string) => {
    if (!text) return;
    const last = out.at(-1);
    if (last?.op === op) last.text += text;
    else out.push({ op, text });
  };
  // The words the merge would align (lib/proposals/sequence-merge.ts); what lies between is removed, then added.
  let i = 0;
  let j = 0;
  for (const [ai, bj] of [...alignedPairs(a, b), [a.length, b.length] as [number, number]]) {
    push("del", a.slice(i, ai).join(""));
    push("add", b.slice(j, bj).join(""));
    if (ai < a.length) push("same", a[ai]);
    i = ai + 1;
    j = bj + 1;
  }
  return coalesced(out);
}

/**
 * Changed words separated only by a space read as one change ("Customers" → "Account owners"), not
 * a change per word: a space both texts share between two changes joins both sides of the change.
 */
function coalesced(segments: WordSegment[]): WordSegment[] {
  const out: WordSegment[] = [];
  let del = "";
  let add = "";
  const flush = () => {
    if (del) out.push({ op: "del", text: del });
    if (add) out.push({ op: "add", text: add });
    del = add = "";
  };
  segments.forEach((segment, k) => {
    const between = segment.op === "same" && /^[ \t]+$/.test(segment.text) && (del || add) && segments[k + 1] && segments[k + 1].op !== "same";
    if (segment.op === "del") del += segment.text;
    else if (segment.op === "add") add += segment.text;
    else if (between) {
      del += segment.text;
      add += segment.text;
    } else {
      flush();
      out.push(segment);
    }
  });
  flush();
  return out;
}

/** Private-use characters that stand for the start and end of an insertion and of a deletion. */
export const MARKS = { insOpen: "\uE000", insClose: "\uE001", delOpen: "\uE002", delClose: "\uE003" } as const;
const ANY_MARK = /[\uE000-\uE003]/g;

// Block syntax at a line's start stays outside the marks, or a marked list item would stop being one.
const BLOCK_PREFIX = /^(\s*(?:[-*+]|\d+[.)]|#{1,6}|>)\s+(?:\[[ xX]\]\s+)?)/;

/** The diff as Markdown: the new text with the removed words put back, both marked. */
export function markedMarkdown(segments: readonly WordSegment[]): string {
  let out = "";
  for (const { op, text } of segments) {
    const clean = text.replace(ANY_MARK, "");
    if (op === "same") {
      out += clean;
      continue;
    }
    const [open, close] = op === "add" ? [MARKS.insOpen, MARKS.insClose] : [MARKS.delOpen, MARKS.delClose];
    out += clean
      .split("\n")
      .map((line, index) => {
        const atLineStart = index > 0 || out.endsWith("\n") || out === "";
        const prefix = atLineStart ? (BLOCK_PREFIX.exec(line)?.[1] ?? "") : "";
        const rest = line.slice(prefix.length);
        return rest ? `${prefix}${open}${rest}${close}` : prefix;
      })
      .join("\n");
  }
  return out;
}
