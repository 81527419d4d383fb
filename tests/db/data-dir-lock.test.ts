import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir } from "@/lib/db/data-dir-lock";
import { collect, runTsx, spawnTsx, waitForLine } from "../support/spawn-tsx";

const embeddedEnv = (dir: string) => ({ BRIEFS_DATA_DIR: dir, DATABASE_URL: undefined, BRIEFS_TEST_DB: undefined });

describe.runIf(process.env.BRIEFS_TEST_DB === "pglite")("the embedded data folder", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-lock-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it("refuses a second process at once, naming the holder, and is released cleanly on SIGTERM", async () => {
    const dir = tempDir();
    const holder = spawnTsx("tests/support/hold-database.ts", [], embeddedEnv(dir));
    const holderDone = collect(holder);
    await waitForLine(holder, "ready");
    const holderPid = JSON.parse(fs.readFileSync(path.join(dir, "briefs.lock"), "utf8")).pid as number;

    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${holderPid}`);

    const second = await runTsx("scripts/db-migrate.ts", [], embeddedEnv(dir));
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`in use by process ${holderPid}`);

    holder.kill("SIGTERM");
    const finished = await holderDone;
    expect(finished.code).toBe(143);
    expect(fs.existsSync(path.join(dir, "briefs.lock"))).toBe(false);

    // The folder is whole again: another process opens it and finds the schema in place.
    const after = await runTsx("scripts/db-migrate.ts", [], embeddedEnv(dir));
    expect(after.stdout).toContain("The database is up to date.");
    expect(after.code).toBe(0);
  });

  it("takes over a lock left behind by a process that no longer runs", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.exit(0)"]);
    fs.writeFileSync(
      path.join(dir, "briefs.lock"),
      JSON.stringify({ pid: dead.pid, hostname: os.hostname(), command: "gone", startedAt: new Date().toISOString() }),
    );
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "briefs.lock"), "utf8")).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(path.join(dir, "briefs.lock"))).toBe(false);
  });
});
