"use client";

import { createContext, useContext } from "react";

/** Who else is editing each section (by section key), for the sections to say so. */
export const OthersEditingContext = createContext<Record<string, string[]>>({});

/** A soft note on a section someone else is editing: nothing is locked, saves are still checked. */
export function EditingElsewhere({ sectionKey }: { sectionKey: string }) {
  const names = useContext(OthersEditingContext)[sectionKey];
  if (!names?.length) return null;
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return (
    <p data-testid={`editing-elsewhere-${sectionKey}`} className="mt-1 flex items-center gap-1.5 text-xs text-amber-800">
      <span aria-hidden className="inline-block size-2 rounded-full bg-amber-500" />
      {who} {names.length === 1 ? "is" : "are"} editing this section
    </p>
  );
}
