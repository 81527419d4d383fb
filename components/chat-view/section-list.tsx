import type { BriefViewSection } from "@/lib/briefs/brief-view";
import { MarkdownText } from "@/components/markdown/markdown-text";

/** Each section with content under its heading, its text through the one Markdown renderer of Briefs. */
export function SectionList({ sections }: { sections: BriefViewSection[] }) {
  if (sections.length === 0) return <p className="muted">No other section has content yet.</p>;
  return (
    <>
      {sections.map((section) => (
        <section key={section.key} className="card" aria-labelledby={`section-${section.key}`}>
          <h2 id={`section-${section.key}`}>{section.heading}</h2>
          {section.kind === "text" ? (
            <MarkdownText text={section.text} />
          ) : (
            <ul className="items">
              {section.items.map((item, i) => (
                <li key={i}>
                  {(item.label || item.title) && (
                    <p className="item-head">
                      {item.label && <span className="item-label">{item.label}</span>}
                      {item.title && <span className="item-title">{item.title}</span>}
                    </p>
                  )}
                  {item.text && <MarkdownText text={item.text} inline />}
                  {item.note && <p className="muted small">{item.note}</p>}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
