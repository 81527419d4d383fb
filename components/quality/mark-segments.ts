import type { QualityFinding } from "@/lib/quality/check-item";

/** A stretch of an item's text and the findings over it (none for plain text). */
export type MarkSegment = { start: number; end: number; text: string; findings: QualityFinding[] };

/**
 * An item's text cut where findings start and end, so each stretch can be marked with every finding
 * over it: the word findings within an item never overlap, but "Not EARS" covers the whole item.
 */
export function markSegments(text: string, findings: readonly QualityFinding[]): MarkSegment[] {
  const cuts = new Set([0, text.length]);
  for (const f of findings) {
    cuts.add(Math.max(0, Math.min(f.start, text.length)));
    cuts.add(Math.max(0, Math.min(f.end, text.length)));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const segments: MarkSegment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [start, end] = [points[i], points[i + 1]];
    segments.push({ start, end, text: text.slice(start, end), findings: findings.filter((f) => f.start <= start && end <= f.end) });
  }
  return segments;
}

/** The mark a stretch gets: an error's when any finding over it is an error. */
export function segmentSeverity(segment: MarkSegment): "error" | "warning" | null {
  if (segment.findings.length === 0) return null;
  return segment.findings.some((f) => f.severity === "error") ? "error" : "warning";
}
