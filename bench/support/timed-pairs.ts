import { performance } from "node:perf_hooks";

/** What the MCP benchmarks that compare a call with its reference, pair by pair, share. */

/** The median, as the lower of the two middle values of an even count. */
export const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length / 2) - 1];
export const f1 = (n: number) => n.toFixed(1);
export const f2 = (n: number) => n.toFixed(2);

/** How long `run` took, in milliseconds, and what it gave. */
export async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await run();
  return [performance.now() - start, value];
}
