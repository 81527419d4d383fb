/**
 * A brief page in Chromium that reports, with the page's own clock (Date.now(), the same machine
 * clock as the benchmark's), three things to the benchmark through Playwright bindings:
 *
 * - every change of a QA row's checked state (a MutationObserver on the document reads every row's
 *   checkbox after each DOM change; a once-a-second check catches anything it missed, and says so);
 * - every message of the page's live stream (EventSource wrapped before the app's scripts run);
 * - every fetch of page data — an RSC request (router.refresh, prefetches) or the brief's view as
 *   JSON (what the live page fetches on a change): its path, when it started, when its answer ended.
 *
 * Nothing of the app is changed: the wrapper only adds a listener to the browser's own EventSource.
 */
import type { BrowserContext, Page } from "@playwright/test";

export type RowChange = { at: number; index: number; checked: boolean; via: "observer" | "interval" };
export type PageEvent = { at: number; kind: string; briefId: string | null; seq: number | null };
export type DataFetch = { path: string; start: number; end: number };

export type PageLog = { rows: RowChange[]; events: PageEvent[]; fetches: DataFetch[] };

// Plain JavaScript, so the page runs it as written (no transpiler helpers). It sits in a template
// literal: no backslashes in it (a regular expression's "\/" would reach the page as "/").
const INSTRUMENT = `
(() => {
  const report = (name, ...args) => {
    const binding = window[name];
    if (typeof binding === "function") binding(...args).catch(() => {});
  };
  const Native = window.EventSource;
  if (Native) {
    window.EventSource = class extends Native {
      constructor(url, init) {
        super(url, init);
        this.addEventListener("message", (message) => {
          const at = Date.now();
          let event;
          try { event = JSON.parse(message.data); } catch { return; }
          report("__benchEvent", at, String(event.kind), event.briefId ?? null, typeof event.seq === "number" ? event.seq : null);
        });
      }
    };
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name.includes("_rsc=") || new URL(entry.name).pathname.endsWith("/page-data")) report("__benchFetch", new URL(entry.name).pathname, performance.timeOrigin + entry.startTime, performance.timeOrigin + entry.responseEnd);
      }
    }).observe({ type: "resource", buffered: true });
  } catch {}
  let last = null;
  const rowsNow = () => {
    const list = document.querySelector('[data-testid="qa-checklist"]');
    if (!list) return null;
    return [...list.querySelectorAll('[data-testid="qa-row"]')].map((row) => {
      const box = row.querySelector('input[type="checkbox"]');
      return box ? box.checked : (row.textContent || "").includes("\\u2611");
    });
  };
  const check = (via) => {
    const now = rowsNow();
    if (!now) return;
    const at = Date.now();
    if (last && last.length === now.length) {
      for (let i = 0; i < now.length; i++) if (now[i] !== last[i]) report("__benchRow", at, i, now[i], via);
    }
    last = now;
  };
  const start = () => {
    check("observer");
    new MutationObserver(() => check("observer")).observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
    setInterval(() => check("interval"), 1000);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
})();
`;

/** Instruments every page of the context; the returned log fills as the pages report. */
export async function instrumentContext(context: BrowserContext): Promise<PageLog> {
  const log: PageLog = { rows: [], events: [], fetches: [] };
  await context.exposeBinding("__benchRow", (_source, at: number, index: number, checked: boolean, via: RowChange["via"]) => void log.rows.push({ at, index, checked, via }));
  await context.exposeBinding("__benchEvent", (_source, at: number, kind: string, briefId: string | null, seq: number | null) => void log.events.push({ at, kind, briefId, seq }));
  await context.exposeBinding("__benchFetch", (_source, path: string, start: number, end: number) => void log.fetches.push({ path, start, end }));
  await context.addInitScript(INSTRUMENT);
  return log;
}

/**
 * Opens the brief and waits until the page keeps itself current: its first read of the brief's
 * stamp, which the live page makes when its stream's opening `sync` arrives (after hydration) and
 * the polling page of before made on its first poll.
 */
export async function openLiveBrief(page: Page, url: string, rows: number): Promise<void> {
  const stamped = page.waitForResponse((response) => response.url().endsWith("/stamp") && response.status() === 200, { timeout: 120_000 });
  await page.goto(url, { timeout: 120_000 });
  await stamped;
  const shown = await page.evaluate(() => document.querySelector('[data-testid="qa-checklist"]')?.querySelectorAll('[data-testid="qa-row"]').length ?? 0);
  if (shown !== rows) throw new Error(`The page shows ${shown} QA rows, not ${rows}`);
}
