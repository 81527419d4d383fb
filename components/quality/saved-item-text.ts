import { checkedItems, type CheckableContent } from "@/lib/quality/check-content";
import type { QualityFinding } from "@/lib/quality/check-item";

/** The text of the item a finding is in, as saved: what a suppression is made on. */
export function savedItemText(content: CheckableContent, f: Pick<QualityFinding, "section" | "index">): string {
  return checkedItems(content, [f.section]).find((item) => item.index === f.index)?.text ?? "";
}
