"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import type { ImportReport } from "@/lib/import/import-files";
import { Alert } from "../ui/alert";
import { useHydrated } from "../ui/use-hydrated";

const storageKey = (projectId: string) => `briefs:imported:${projectId}`;

/** Kept for the project page the import moves on to; this tab only, read once. */
export function rememberImport(projectId: string, report: ImportReport): void {
  try {
    sessionStorage.setItem(storageKey(projectId), JSON.stringify(report.briefs.map(({ briefId, title, source }) => ({ briefId, title, source }))));
  } catch {
    // Storage may be full or switched off: the briefs are in the list all the same.
  }
}

type Imported = { briefId: string; title: string; source: string };

/**
 * After an import of several briefs the project page says which were created, with links. The
 * report travels in this tab's session storage rather than the URL, so no link can make the page
 * claim an import that did not happen; it is shown once. Storage exists only in the browser, so
 * the notice is first rendered there (after hydration).
 */
export function ImportedNotice({ projectId }: { projectId: string }) {
  return useHydrated() ? <StoredNotice projectId={projectId} /> : null;
}

function StoredNotice({ projectId }: { projectId: string }) {
  const [imported] = useState(() => readImported(projectId));
  // Read once: a later visit to the project page does not repeat it.
  useEffect(() => forgetImported(projectId), [projectId]);
  if (!imported?.length) return null;
  return (
    <Alert tone="success">
      <p className="font-medium">
        Imported {imported.length} {imported.length === 1 ? "brief" : "briefs"}:
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5" aria-label="Imported briefs">
        {imported.map((brief) => (
          <li key={brief.briefId} className="wrap-anywhere">
            <Link href={`/projects/${projectId}/briefs/${brief.briefId}`} prefetch={false} className="underline">
              {brief.title}
            </Link>{" "}
            <span className="text-emerald-700">from {brief.source}</span>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function readImported(projectId: string): Imported[] | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(storageKey(projectId)) ?? "null");
    return Array.isArray(parsed) ? (parsed as Imported[]) : null;
  } catch {
    return null;
  }
}

function forgetImported(projectId: string): void {
  try {
    sessionStorage.removeItem(storageKey(projectId));
  } catch {
    // Nothing to forget where storage is switched off.
  }
}
