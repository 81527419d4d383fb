import { describe, expect, it } from "vitest";
import { MAX_CONCURRENT_HASHES, withHashingSlot } from "./hashing-slots";

describe("withHashingSlot", () => {
  it("runs at most MAX_CONCURRENT_HASHES at once and runs every one in the end", async () => {
    let running = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const jobs = Array.from({ length: MAX_CONCURRENT_HASHES + 5 }, (_, i) =>
      withHashingSlot(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return i;
      }),
    );
    // Release whatever holds a slot until all are done; each release lets the next one in.
    const all = Promise.all(jobs);
    let finished = false;
    void all.then(() => (finished = true));
    while (!finished) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.splice(0).forEach((release) => release());
    }
    expect(await all).toEqual(jobs.map((_, i) => i));
    expect(peak).toBe(MAX_CONCURRENT_HASHES);
  });

  it("frees the slot when the work fails", async () => {
    await expect(withHashingSlot(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    const results = await Promise.all(Array.from({ length: MAX_CONCURRENT_HASHES + 1 }, (_, i) => withHashingSlot(async () => i)));
    expect(results).toHaveLength(MAX_CONCURRENT_HASHES + 1);
  });
});
