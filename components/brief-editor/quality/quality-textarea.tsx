"use client";

import { useRef, useState, type ComponentProps, type MouseEvent } from "react";
import type { QualityFinding } from "@/lib/quality/check-item";
import type { CheckedSection } from "@/lib/quality/rule-ids";
import { markSegments } from "@/components/quality/mark-segments";
import { Textarea } from "@/components/ui/textarea";
import { FindingChips, FindingTip } from "./finding-chips";
import { FindingMirror } from "./finding-mirror";
import { useItemFindings } from "./quality-context";

type Hovered = { segment: number; left: number; top: number };

/**
 * A text field of a checked item (a requirement, an edge case, a criterion's text): the words the
 * quality check finds are underlined in it as the person types, their explanation shows when the
 * pointer rests on them, and the findings are listed under it for the keyboard.
 */
export function QualityTextarea({ section, index, ...props }: ComponentProps<typeof Textarea> & { section: CheckedSection; index: number }) {
  const findings = useItemFindings(section, index);
  const text = String(props.value ?? "");
  const segments = markSegments(text, findings);
  const mirror = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<Hovered | null>(null);
  const listId = `${props.id}-quality`;
  const shown = hovered && segments[hovered.segment]?.findings.length ? segments[hovered.segment].findings : null;

  // The mirror takes no pointer: which marked words the pointer is over is read from their boxes.
  const onMouseMove = (event: MouseEvent<HTMLTextAreaElement>) => {
    props.onMouseMove?.(event);
    const box = mirror.current;
    const frame = box?.parentElement?.getBoundingClientRect();
    if (!box || !frame) return;
    for (const mark of box.querySelectorAll<HTMLElement>("[data-segment]")) {
      for (const rect of mark.getClientRects()) {
        if (event.clientX < rect.left || event.clientX > rect.right || event.clientY < rect.top || event.clientY > rect.bottom) continue;
        const segment = Number(mark.dataset.segment);
        if (hovered?.segment !== segment) setHovered({ segment, left: rect.left - frame.left, top: rect.bottom - frame.top + 4 });
        return;
      }
    }
    if (hovered) setHovered(null);
  };

  const select = (f: QualityFinding) => {
    const field = document.getElementById(props.id);
    if (!(field instanceof HTMLTextAreaElement)) return;
    field.focus();
    field.setSelectionRange(f.start, f.end);
  };

  return (
    <div className="min-w-0">
      <Textarea
        {...props}
        aria-describedby={findings.length ? `${listId}-summary` : undefined}
        onMouseMove={onMouseMove}
        onMouseLeave={(event) => {
          props.onMouseLeave?.(event);
          setHovered(null);
        }}
        onScroll={(event) => {
          props.onScroll?.(event);
          if (mirror.current) mirror.current.scrollTop = event.currentTarget.scrollTop;
        }}
        overlay={
          <>
            <FindingMirror segments={segments} mirrorRef={mirror} />
            {shown && hovered && <FindingTip findings={shown} className="pointer-events-none absolute block" style={{ left: Math.max(0, hovered.left), top: hovered.top }} />}
          </>
        }
      />
      <FindingChips id={listId} label={String(props.label)} findings={findings} onSelect={select} />
    </div>
  );
}
