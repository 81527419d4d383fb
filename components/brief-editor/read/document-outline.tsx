"use client";

import { useRef } from "react";
import type { DocumentPart } from "./document-sections";

/**
 * The outline of the document, twice over for two widths: a sticky column on wide screens, and a
 * collapsed "Contents" disclosure above the document on narrower ones (it closes again once a
 * section is chosen). Only one of them is displayed at a time, so assistive technology meets one.
 */
export function OutlineColumn({ parts }: { parts: DocumentPart[] }) {
  if (parts.length === 0) return null;
  return (
    <nav aria-label="Contents" className="hidden self-start print:hidden xl:sticky xl:top-4 xl:block xl:max-h-[calc(100vh-2rem)] xl:overflow-y-auto" data-testid="outline">
      <p className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Contents</p>
      <OutlineLinks parts={parts} />
    </nav>
  );
}

export function OutlineDisclosure({ parts }: { parts: DocumentPart[] }) {
  const details = useRef<HTMLDetailsElement>(null);
  if (parts.length === 0) return null;
  return (
    <details ref={details} className="mb-4 rounded-xl border border-slate-200 bg-white px-4 py-2 print:hidden xl:hidden" data-testid="outline-disclosure">
      <summary className="cursor-pointer py-1 text-sm font-medium text-slate-800">Contents</summary>
      <nav aria-label="Contents" className="pb-2">
        <OutlineLinks parts={parts} onChoose={() => details.current?.removeAttribute("open")} />
      </nav>
    </details>
  );
}

function OutlineLinks({ parts, onChoose }: { parts: DocumentPart[]; onChoose?: () => void }) {
  return (
    <ol className="mt-1 space-y-0.5 text-sm">
      {parts.map((part) => (
        <li key={part.id}>
          <a href={`#${part.id}`} onClick={onChoose} className="block rounded px-2 py-1 text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600">
            {part.title}
          </a>
        </li>
      ))}
    </ol>
  );
}
