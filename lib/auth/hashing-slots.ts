import os from "node:os";

/**
 * At most this many password hashes are computed at once; the rest wait their turn. Hashing runs on
 * libuv's thread pool (4 threads by default), which file access and DNS share: a flood of sign-ins
 * must leave both those threads and the CPU to everything else, so the cap is one below the cores.
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, Math.min(4, os.availableParallelism() - 1));

let running = 0;
const waiting: Array<() => void> = [];

export async function withHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line, or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
