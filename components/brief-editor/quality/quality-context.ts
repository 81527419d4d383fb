"use client";

import { createContext, useContext } from "react";
import type { QualityFinding } from "@/lib/quality/check-item";
import { itemKey } from "./draft-findings";

/** The draft's findings by item; outside the editor (previews, read mode) there are none to underline. */
export const DraftFindingsContext = createContext<ReadonlyMap<string, QualityFinding[]>>(new Map());

const none: QualityFinding[] = [];

/** The findings of the item a field edits. */
export function useItemFindings(section: string, index: number): QualityFinding[] {
  return useContext(DraftFindingsContext).get(itemKey(section, index)) ?? none;
}
