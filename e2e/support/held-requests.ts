import type { Page, Request } from "@playwright/test";

/**
 * Holding back what the brief page hears from the server, so a test decides when it arrives: the
 * page's own refreshes (a fetch of the brief's page data, or `router.refresh()`: an RSC request for
 * the page's path; Next's prefetches of links pass untouched) and the live stamp's polls.
 */
export type Held = {
  /** How many were held (or, once released, passed) so far. */
  count: () => number;
  /** Lets the held ones through; later ones pass at once. */
  release: () => void;
};

function gate() {
  let waiting: Array<() => void> | null = [];
  return {
    passed: () => (waiting ? new Promise<void>((resolve) => waiting?.push(resolve)) : Promise.resolve()),
    open() {
      const opened = waiting ?? [];
      waiting = null;
      for (const resolve of opened) resolve();
    },
  };
}

function isRefresh(request: Request, pathname: string): boolean {
  const headers = request.headers();
  return new URL(request.url()).pathname !== pathname || (headers["rsc"] === "1" && !headers["next-router-prefetch"]);
}

/**
 * Every refresh of the brief page at `pathname` (…/briefs/{briefId}) is sent to the server at once,
 * so it carries the brief as it is then, but its answer reaches the page only after `release()`.
 */
export async function holdRefreshes(page: Page, pathname: string): Promise<Held> {
  let count = 0;
  const held = gate();
  const pageData = `/api/briefs/${pathname.split("/").at(-1)}/page-data`;
  await page.route(
    (url) => url.pathname === pathname || url.pathname === pageData,
    async (route) => {
      if (!isRefresh(route.request(), pathname)) return route.fallback();
      count++;
      const response = await route.fetch();
      await held.passed();
      await route.fulfill({ response });
    },
  );
  return { count: () => count, release: held.open };
}

/** The live stamp's polls wait, unsent, until `release()`. */
export async function holdLiveStamp(page: Page): Promise<Held> {
  let count = 0;
  const held = gate();
  await page.route("**/api/briefs/*/stamp", async (route) => {
    count++;
    await held.passed();
    await route.fallback();
  });
  return { count: () => count, release: held.open };
}
