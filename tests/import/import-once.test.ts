import { describe, expect, it } from "vitest";
import { listBriefs } from "@/lib/briefs/list-briefs";
import { importFiles } from "@/lib/import/import-files";
import { projectWithPeople } from "../support/fixtures";

const textFile = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });

describe(`an import with an idempotency key on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("a retry with the same key and files reports the first call's briefs and writes none", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const files = [textFile("a.md", "# Alpha\n\n## Goal\n\nA\n"), textFile("b.md", "# Beta\n\n## Goal\n\nB\n")];

    const first = await importFiles(alice, { projectId, files, idempotencyKey: "import-1" });
    const again = await importFiles(alice, { projectId, files, idempotencyKey: "import-1" });

    expect(again).toEqual(first);
    expect((await listBriefs(alice, { projectId })).items.map((brief) => brief.title).sort()).toEqual(["Alpha", "Beta"]);
  });

  it("the same key with other files or other choices is refused; a new key imports again", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const file = textFile("a.md", "# Alpha\n\n## Background\n\nWhy\n");
    await importFiles(alice, { projectId, files: [file], idempotencyKey: "k" });

    await expect(importFiles(alice, { projectId, files: [textFile("a.md", "# Alpha\n\n## Goal\n\nOther\n")], idempotencyKey: "k" })).rejects.toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    await expect(importFiles(alice, { projectId, files: [file], choices: { "a.md": { 3: "goal" } }, idempotencyKey: "k" })).rejects.toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    await importFiles(alice, { projectId, files: [file], idempotencyKey: "k2" });
    expect((await listBriefs(alice, { projectId })).items).toHaveLength(2);
  });

  it("a key the contract refuses is refused before anything is written", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    await expect(importFiles(alice, { projectId, files: [textFile("a.md", "# A\n")], idempotencyKey: "" })).rejects.toMatchObject({ code: "VALIDATION_ERROR", details: { issues: [{ path: "idempotencyKey" }] } });
    expect((await listBriefs(alice, { projectId })).items).toHaveLength(0);
  });
});
