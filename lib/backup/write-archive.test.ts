import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadKernelLocks } from "@/lib/db/data-dir-lock";
import { removeAbandonedPartials, writeArchiveFile } from "./write-archive";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-partials-"));
  folders.push(dir);
  return dir;
}

describe("partial archives left beside a backup", () => {
  it("a partial whose writer's pid now belongs to another process is still abandoned", async () => {
    const dir = folder();
    // The name carries a pid that runs right now (this very process), as it does when a busy
    // machine has handed a killed writer's pid to something else.
    const stale = `.nightly.tar.gz.${process.pid}.0badc0de.partial`;
    fs.writeFileSync(path.join(dir, stale), "half an archive");
    fs.writeFileSync(path.join(dir, "nightly.tar.gz"), "an older, finished archive");

    expect(await removeAbandonedPartials(dir, "nightly.tar.gz")).toEqual([stale]);
    expect(fs.readdirSync(dir)).toEqual(["nightly.tar.gz"]);
  });

  it("a partial a writer still holds is kept, and only partials of the named archive are touched", async () => {
    const dir = folder();
    const locks = await loadKernelLocks();
    expect(locks).not.toBeNull();
    const held = `.nightly.tar.gz.1.0123abcd.partial`;
    const other = `.weekly.tar.gz.1.4567cdef.partial`;
    fs.writeFileSync(path.join(dir, other), "");
    const fd = fs.openSync(path.join(dir, held), "wx", 0o600);
    try {
      expect(locks!.tryLock(fd)).toBe(true);
      expect(await removeAbandonedPartials(dir, "nightly.tar.gz")).toEqual([]);
      expect(fs.readdirSync(dir).sort()).toEqual([held, other]);
    } finally {
      fs.closeSync(fd);
    }
    // The writer gone (its descriptor closed, as the kernel does when a process dies): removed.
    expect(await removeAbandonedPartials(dir, "nightly.tar.gz")).toEqual([held]);
    expect(fs.readdirSync(dir)).toEqual([other]);
  });

  it("a backup running in this process keeps its own partial from a cleanup beside it", async () => {
    const dir = folder();
    const out = path.join(dir, "nightly.tar.gz");
    let removedMeanwhile: string[] = ["not run"];
    await writeArchiveFile(out, async (addEntry) => {
      await addEntry("data/Example/000001.ndjson", Buffer.from("{}\n"));
      removedMeanwhile = await removeAbandonedPartials(dir);
      expect(fs.readdirSync(dir).filter((name) => name.endsWith(".partial"))).toHaveLength(1);
      return { app: "briefs", version: "test", migrations: [], createdAt: new Date(0).toISOString(), counts: {}, entries: {}, sequences: {} } as never;
    });
    expect(removedMeanwhile).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual(["nightly.tar.gz"]);
  });
});
