import type { Ref } from "react";
import type { MarkSegment } from "@/components/quality/mark-segments";
import { segmentSeverity } from "@/components/quality/mark-segments";

const markClassName = {
  error: "underline decoration-wavy decoration-rose-600 underline-offset-[3px]",
  warning: "underline decoration-wavy decoration-amber-500 underline-offset-[3px]",
};

/**
 * A copy of the field's text laid exactly over it (same border, padding, font and wrapping), its
 * letters transparent: only the wavy lines under the words found show, where the words are. It
 * takes no pointer, so the field underneath is typed in and clicked as before.
 */
export function FindingMirror({ segments, mirrorRef }: { segments: MarkSegment[]; mirrorRef: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={mirrorRef}
      aria-hidden
      data-testid="quality-mirror"
      className="pointer-events-none absolute inset-0 overflow-hidden rounded-md border border-transparent px-3 py-2 text-sm wrap-break-word whitespace-pre-wrap text-transparent"
    >
      {segments.map((segment, i) => {
        const severity = segmentSeverity(segment);
        return severity ? (
          <span key={i} data-segment={i} data-quality-mark={severity} className={markClassName[severity]}>
            {segment.text}
          </span>
        ) : (
          <span key={i}>{segment.text}</span>
        );
      })}
      {/* A last line break would be lost without a character after it; the field keeps its blank line. */}
      {"\u200b"}
    </div>
  );
}
