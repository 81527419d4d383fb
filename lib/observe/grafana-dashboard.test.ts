import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * docs/grafana-dashboard.json and the metrics table of docs/operations.md name only metrics the
 * app exports, and every metric the app exports is in both: a renamed or new metric fails here
 * until the dashboard and the docs follow.
 */
const root = path.resolve(import.meta.dirname, "../..");
const dashboard = JSON.parse(fs.readFileSync(path.join(root, "docs/grafana-dashboard.json"), "utf8")) as Dashboard;
const operations = fs.readFileSync(path.join(root, "docs/operations.md"), "utf8");

type Panel = { type: string; title?: string; targets?: { expr: string }[]; panels?: Panel[] };
type Dashboard = { schemaVersion: number; __inputs: { name: string }[]; panels: Panel[]; templating: { list: { name: string; query: unknown }[] } };

/** Metric names in a PromQL expression: ours and prom-client's process_* / nodejs_* ones, as series (a histogram's _bucket, _sum, _count). */
const SERIES = /\b(?:briefs|process|nodejs)_[a-z0-9_]+\b/g;

let exported: Set<string>;

beforeAll(async () => {
  // The backup gauge is registered only where metrics are on.
  process.env.BRIEFS_METRICS_TOKEN ??= "a-token-of-sixteen-characters";
  const { metrics } = await import("./metrics");
  const { registerDatabaseGauges } = await import("./database-gauges");
  const { registerBackupAgeGauge } = await import("./backup-gauge");
  registerDatabaseGauges();
  registerBackupAgeGauge(() => null);
  // Names only: reading the values would run the gauges' database reads.
  exported = new Set(metrics().registry.getMetricsAsArray().map((metric) => metric.name));
});

/** The metric a series belongs to: a histogram's series carry a suffix. */
function metricOf(series: string): string {
  const base = series.replace(/_(bucket|sum|count)$/, "");
  return exported.has(base) ? base : series;
}

function panelsOf(panels: Panel[]): Panel[] {
  return panels.flatMap((panel) => [panel, ...panelsOf(panel.panels ?? [])]);
}

const expressions = panelsOf(dashboard.panels).flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })));
const ours = () => [...exported].filter((name) => name.startsWith("briefs_")).sort();

describe("docs/grafana-dashboard.json", () => {
  it("is an importable dashboard with a Prometheus input and an instance variable", () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    expect(dashboard.__inputs.map((input) => input.name)).toContain("DS_PROMETHEUS");
    expect(dashboard.templating.list.map((variable) => variable.name)).toContain("instance");
    expect(expressions.length).toBeGreaterThan(0);
  });

  it("names only metrics the app exports", () => {
    const unknown = expressions.flatMap(({ panel, expr }) => (expr.match(SERIES) ?? []).filter((series) => !exported.has(metricOf(series))).map((series) => `${panel}: ${series}`));
    expect(unknown).toEqual([]);
  });

  it("shows every metric of the app's own", () => {
    const shown = new Set(expressions.flatMap(({ expr }) => (expr.match(SERIES) ?? []).map(metricOf)));
    expect(ours().filter((name) => !shown.has(name))).toEqual([]);
  });
});

describe("the metrics table of docs/operations.md", () => {
  const documented = [...operations.matchAll(/^\| `((?:briefs|process|nodejs)_[a-z0-9_]+)` \|/gm)].map((match) => match[1]);

  it("lists only metrics the app exports", () => {
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.filter((name) => !exported.has(name))).toEqual([]);
  });

  it("lists every metric of the app's own", () => {
    expect(ours().filter((name) => !documented.includes(name))).toEqual([]);
  });

  it("names only real process metrics in its prose", () => {
    const section = operations.slice(operations.indexOf("### Metrics"), operations.indexOf("### Traces"));
    const named = [...section.matchAll(/`((?:process|nodejs)_[a-z0-9_]+)`/g)].map((match) => match[1]);
    expect(named.filter((name) => !exported.has(name))).toEqual([]);
  });
});
