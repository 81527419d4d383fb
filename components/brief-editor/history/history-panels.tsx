"use client";

import { useState, type KeyboardEvent } from "react";
import type { CollectionKey } from "@/lib/briefs/schema";
import { collectionLabels, collectionTabOrder as keys } from "./collection-labels";
import { CollectionPanel } from "./collection-panel";
import type { Page } from "./collection-listing";

/**
 * Every durable collection of the brief as tabs, newest first in each. The first page of each
 * arrives with the brief; a panel pages on with "Load more".
 */
export function HistoryPanels({
  projectId,
  briefId,
  collections,
  canComment,
}: {
  projectId: string;
  briefId: string;
  collections: Record<CollectionKey, Page>;
  canComment: boolean;
}) {
  const [active, setActive] = useState<CollectionKey>("versions");

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = keys.indexOf(active);
    const next = event.key === "ArrowRight" ? index + 1 : event.key === "ArrowLeft" ? index - 1 : event.key === "Home" ? 0 : event.key === "End" ? keys.length - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const key = keys[(next + keys.length) % keys.length];
    setActive(key);
    document.getElementById(`history-tab-${key}`)?.focus();
  };

  return (
    <section aria-labelledby="history-heading" className="rounded-xl border border-slate-200 bg-white" data-testid="history">
      <h2 id="history-heading" className="px-4 pt-4 font-semibold text-slate-900">
        History and activity
      </h2>
      <div role="tablist" aria-label="Collections" className="mt-2 flex gap-1 overflow-x-auto border-b border-slate-200 px-3 sm:flex-wrap">
        {keys.map((key) => (
          <button
            key={key}
            id={`history-tab-${key}`}
            type="button"
            role="tab"
            aria-selected={active === key}
            aria-controls={`history-panel-${key}`}
            tabIndex={active === key ? 0 : -1}
            onClick={() => setActive(key)}
            onKeyDown={onKeyDown}
            className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm ${
              active === key ? "border-indigo-600 font-medium text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"
            }`}
          >
            {collectionLabels[key]}{" "}
            <span className="ml-1 rounded-full bg-slate-100 px-1.5 text-xs text-slate-600">
              {collections[key].items.length}
              {collections[key].nextCursor ? "+" : ""}
            </span>
          </button>
        ))}
      </div>
      {keys.map((key) => (
        <div key={key} id={`history-panel-${key}`} role="tabpanel" aria-labelledby={`history-tab-${key}`} hidden={active !== key} className="p-4">
          <CollectionPanel projectId={projectId} briefId={briefId} collection={key} firstPage={collections[key]} canComment={canComment && key === "comments"} />
        </div>
      ))}
    </section>
  );
}
