"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import type { SectionKey } from "./sections";
import { useHydrated } from "@/components/ui/use-hydrated";
import { viewHref, type InitialView, type ViewMode } from "./view-url";

/**
 * Reading or editing. The mode switches at once in the page, and the URL follows through the router
 * (replaced, not pushed: Back leaves the page rather than toggling modes), so a reload or a shared
 * link opens the same view. Not history.replaceState: Next treats a changed query as a navigation
 * of its own, and one racing a later link click ended in a reload of the old URL. Editing is only
 * ever shown to those who may edit. Opening the editor at a section scrolls to it and puts the
 * cursor in its first field (once the page is live: until then the form is disabled, and a
 * disabled field takes no focus).
 */
export function useViewMode(pagePath: string, initial: InitialView, canEdit: boolean) {
  const router = useRouter();
  const [, startUrlChange] = useTransition();
  const [view, setView] = useState<{ mode: ViewMode; section?: SectionKey; opened: number }>({ ...initial, opened: 0 });
  const editing = view.mode === "edit" && canEdit;
  const hydrated = useHydrated();

  const open = (mode: ViewMode, section?: SectionKey) => {
    setView((current) => ({ mode, section, opened: current.opened + 1 }));
    startUrlChange(() => router.replace(viewHref(pagePath, mode), { scroll: false }));
  };

  useEffect(() => {
    if (!hydrated || (view.mode === "edit" && !canEdit)) return;
    if (view.mode === "read") {
      if (view.opened > 0) window.scrollTo({ top: 0 });
      return;
    }
    if (!view.section) {
      if (view.opened > 0) window.scrollTo({ top: 0 });
      return;
    }
    const block = document.querySelector<HTMLElement>(`[data-section="${view.section}"]`);
    if (!block) return;
    block.scrollIntoView({ block: "start" });
    block.querySelector<HTMLElement>("textarea, input, select, button:not([aria-pressed])")?.focus({ preventScroll: true });
    // A section named in the URL is opened once; the URL goes back to plain edit mode.
    if (view.opened === 0) startUrlChange(() => router.replace(viewHref(pagePath, "edit"), { scroll: false }));
  }, [view, canEdit, pagePath, router, hydrated]);

  return {
    editing,
    openEditor: (section?: SectionKey) => open("edit", section),
    openReader: () => open("read"),
  };
}
