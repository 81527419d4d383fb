import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runTsx } from "../support/spawn-tsx";
import { cleanUp, emptyTarget, envFor } from "./support";

/**
 * Every archive kept in upgrade-archives/ was made with the schema its name gives (one per schema
 * change: tests/backup/make-upgrade-archive.ts). Restored on today's code it migrates forward, and
 * everything in it reads back the same through the services: the token, every brief, every
 * version's number and hash (and the hash still matches the content), evidence files byte for byte,
 * and each project's templates (the built-ins, for a project made before templates existed).
 */
const folder = path.join(process.cwd(), "tests", "backup", "upgrade-archives");
const archives = fs.readdirSync(folder).filter((name) => name.endsWith(".tar.gz")).sort();

type Expected = {
  token: string;
  users: string[];
  briefs: Array<{ id: string; title: string; projectId: string; versions: Array<{ versionNum: number; hash: string }> }>;
  evidenceFiles?: Array<{ id: string; sha256: string; size: number }>;
  /** Each project's template names; absent in archives made before templates. */
  templates?: Record<string, string[]>;
};

/** What a project made before templates lists once it is read on today's code. */
const builtInTemplateNames = ["Product requirements", "Bug fix", "Technical design", "Experiment"];

afterAll(cleanUp);

describe(`archives of earlier schemas restore on today's code (${process.env.BRIEFS_TEST_DB})`, () => {
  it("keeps at least the archive of the schema before the last change", () => {
    expect(archives.length).toBeGreaterThanOrEqual(2);
  });

  it.each(archives)("%s restores, migrates forward and reads back the same", async (archive) => {
    const expected = JSON.parse(fs.readFileSync(path.join(folder, archive.replace(/\.tar\.gz$/, ".expected.json")), "utf8")) as Expected;
    const env = envFor(await emptyTarget());
    const restored = await runTsx("scripts/admin.ts", ["restore", path.join(folder, archive)], env);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);

    const read = await runTsx("tests/backup/read-restored.ts", [expected.token], env);
    expect(read.stderr).toBe("");
    const seen = JSON.parse(read.stdout.trim().split("\n").at(-1)!) as {
      email: string;
      briefs: Array<Expected["briefs"][number] & { versions: Array<{ versionNum: number; hash: string; hashOfContent: string }> }>;
      evidenceFiles: Array<{ id: string; sha256: string; size: number }>;
      templates: Record<string, string[]>;
    };
    expect(seen.email).toBe(expected.users[0]);
    expect(seen.briefs.map(({ versions, ...brief }) => ({ ...brief, versions: versions.map(({ versionNum, hash }) => ({ versionNum, hash })) }))).toEqual(expected.briefs);
    for (const version of seen.briefs.flatMap((b) => b.versions)) expect(version.hashOfContent).toBe(version.hash);
    expect(seen.evidenceFiles).toEqual(expected.evidenceFiles ?? []);
    const projects = [...new Set(expected.briefs.map((b) => b.projectId))].sort();
    expect(seen.templates).toEqual(expected.templates ?? Object.fromEntries(projects.map((id) => [id, builtInTemplateNames])));
  });
});
