import fs from "node:fs";
import path from "node:path";

/**
 * The route a request path belongs to, as a pattern ("/projects/[projectId]/briefs/[briefId]"),
 * from the routes manifest Next writes at build: a metric's label or a span's name must never hold
 * an id or a token from the path. Next's own files are one label each; anything the app has no
 * route for is "unmatched", so a scan of random paths adds no labels.
 */
export type Routes = { exact: Map<string, string>; dynamic: { page: string; regex: RegExp }[] };

const holder = globalThis as unknown as { __briefsRoutes?: Routes | null };

export function routePattern(pathname: string): string {
  return patternIn((holder.__briefsRoutes ??= readRoutes()), pathname);
}

export function patternIn(routes: Routes | null, pathname: string): string {
  if (pathname.startsWith("/_next/")) return pathname.startsWith("/_next/static/") ? "/_next/static" : "/_next";
  if (!routes) return "unmatched";
  // A page's RSC payload and its prefetched segments belong to the page.
  const page = pathname.replace(/\.segments\/.*$/, "").replace(/\.rsc$/, "").replace(/\/+$/, "") || "/";
  const exact = routes.exact.get(page);
  if (exact) return exact;
  for (const route of routes.dynamic) if (route.regex.test(page)) return route.page;
  return "unmatched";
}

type Manifest = { staticRoutes: { page: string }[]; dynamicRoutes: { page: string; regex: string }[] };

export function routesOf(manifest: Manifest): Routes {
  return {
    exact: new Map(manifest.staticRoutes.map((route) => [route.page, route.page])),
    dynamic: manifest.dynamicRoutes.map((route) => ({ page: route.page, regex: new RegExp(route.regex) })),
  };
}

function readRoutes(): Routes | null {
  try {
    const file = path.join(process.cwd(), process.env.NEXT_DIST_DIR ?? ".next", "routes-manifest.json");
    return routesOf(JSON.parse(fs.readFileSync(file, "utf8")) as Manifest);
  } catch {
    // A development server has no complete manifest: its requests are counted as "unmatched".
    return null;
  }
}
