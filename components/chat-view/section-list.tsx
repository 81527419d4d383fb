import type { BriefViewSection } from "@/lib/briefs/brief-view";
import { MarkdownText } from "@/components/markdown/markdown-text";

/** Each section with content under its heading, its Markdown through the one renderer of Briefs. */
export function SectionList({ sections }: { sections: BriefViewSection[] }) {
  if (sections.length === 0) return <p className="muted">No other section has content yet.</p>;
  return (
    <>
      {sections.map((section) => (
        <section key={section.key} className="card" aria-labelledby={`section-${section.key}`}>
          <h2 id={`section-${section.key}`}>{section.heading}</h2>
          <MarkdownText text={section.markdown} />
        </section>
      ))}
    </>
  );
}
