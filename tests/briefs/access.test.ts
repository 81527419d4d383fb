import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getBriefVersion } from "@/lib/briefs/get-brief-version";
import { listBriefs } from "@/lib/briefs/list-briefs";
import { listCollection } from "@/lib/briefs/list-collection";
import { setProjectMember } from "@/lib/projects/set-project-member";
import { updateBrief } from "@/lib/briefs/update-brief";
import { updateChecklistItem } from "@/lib/briefs/update-checklist-item";
import { transitionBrief } from "@/lib/briefs/transition-brief";
import { approveBrief } from "@/lib/briefs/approve-brief";
import { appendCollectionItem } from "@/lib/briefs/append-collection-item";
import { createBrief } from "@/lib/briefs/create-brief";
import { addMember, newUser, uniqueKey, viaToken, projectWithPeople } from "../support/fixtures";
import {
  append,
  approve,
  briefInState,
  create,
  expectRefusedWithoutChange,
  readBrief,
  readyContent,
  toggle,
  transition,
  update,
} from "../support/briefs";

const MISSING = "0190a6f2-0000-7000-8000-000000000000";

describe(`who may do what on ${process.env.BRIEFS_TEST_DB}`, () => {
  let owner: Actor;
  let viewer: Actor;
  let stranger: Actor;
  let projectId: string;
  let briefId: string;
  beforeAll(async () => {
    ({ projectId, owner, viewer, stranger } = await projectWithPeople({ owner: "owner", viewer: "viewer", stranger: "outsider" }));
    briefId = (await briefInState(owner, projectId, "in_review")).id;
  });

  /** Every write tool, aimed at `brief` (or its project), as `actor`. */
  function writes(actor: Actor, brief: string, project: string) {
    return {
      brief_create: () => create(actor, { projectId: project, content: readyContent() }),
      brief_update: () => update(actor, { briefId: brief, content: { goal: "changed" } }),
      brief_update_title: () => update(actor, { briefId: brief, title: "Renamed" }),
      brief_checklist_update: () => toggle(actor, { briefId: brief, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true }),
      brief_transition: () => transition(actor, { briefId: brief, to: "drafting" }),
      brief_approve: () => approve(actor, { briefId: brief }),
      brief_collection_append: () => append(actor, { briefId: brief, collection: "comments", item: { body: "hi" } }),
      project_member_set: () => setProjectMember(actor, { projectId: project, email: actor.email, role: "owner", idempotencyKey: uniqueKey() }),
    };
  }

  function reads(actor: Actor, brief: string, project: string) {
    return {
      brief_get_full: () => readBrief(actor, brief),
      brief_collection_list: () => listCollection(actor, { briefId: brief, collection: "versions" }),
      brief_version_get: () => getBriefVersion(actor, { briefId: brief, versionNum: 1 }),
      brief_list: () => listBriefs(actor, { projectId: project }),
    };
  }

  it("a viewer reads everything and writes nothing", async () => {
    for (const [name, read] of Object.entries(reads(viewer, briefId, projectId))) {
      await expect(read(), name).resolves.toBeDefined();
    }
    expect((await readBrief(viewer, briefId)).lifecycle.yourRole).toBe("viewer");
    for (const [name, write] of Object.entries(writes(viewer, briefId, projectId))) {
      await expectRefusedWithoutChange(owner, briefId, write, { code: "PROJECT_ACCESS_DENIED" }).catch((e) => {
        throw new Error(`${name}: ${e.message}`);
      });
    }
    expect((await listBriefs(owner, { projectId })).items).toHaveLength(1);
  });

  it("a brief or project you may not see answers exactly like one that does not exist", async () => {
    const outcome = (call: () => Promise<unknown>) =>
      call().then(
        () => "allowed",
        (e) => ({ code: e.code, message: e.message, details: e.details }),
      );
    const all = (actor: Actor, brief: string, project: string) => ({ ...reads(actor, brief, project), ...writes(actor, brief, project) });
    const foreign = all(stranger, briefId, projectId);
    const missing = all(stranger, MISSING, MISSING);
    const garbage = all(stranger, "not-an-id", "not-an-id");
    for (const name of Object.keys(foreign) as Array<keyof typeof foreign>) {
      const denied = await outcome(foreign[name]);
      expect(denied, name).toEqual({ code: "PROJECT_ACCESS_DENIED", message: expect.any(String), details: undefined });
      expect(await outcome(missing[name]), name).toEqual(denied);
      expect(await outcome(garbage[name]), name).toEqual(denied);
    }
    // The viewer's refused write reads the same as the stranger's.
    expect(await outcome(writes(viewer, briefId, projectId).brief_update)).toEqual(await outcome(foreign.brief_update));
  });

  it("checks the token's scopes: a read-only token reads and cannot write", async () => {
    const editor = await newUser("Editor");
    await addMember(projectId, editor, "editor");
    const readOnly = viaToken(editor, ["brief:read"]);
    for (const [name, read] of Object.entries(reads(readOnly, briefId, projectId))) {
      await expect(read(), name).resolves.toBeDefined();
    }
    for (const [name, write] of Object.entries(writes(readOnly, briefId, projectId))) {
      await expectRefusedWithoutChange(owner, briefId, write, { code: "PROJECT_ACCESS_DENIED" }).catch((e) => {
        throw new Error(`${name}: ${e.message}`);
      });
    }
    const writeOnly = viaToken(editor, ["brief:write"]);
    await expect(readBrief(writeOnly, briefId)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(update(writeOnly, { briefId, content: { goal: "x" } })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
  });

  it("checks scopes before arguments (contract check order), in every write", async () => {
    const readOnly = viaToken(owner, ["brief:read"]);
    const badArgs = { briefId, bogus: true, idempotencyKey: uniqueKey() };
    const calls = {
      updateBrief: () => updateBrief(readOnly, badArgs as never),
      updateChecklistItem: () => updateChecklistItem(readOnly, badArgs as never),
      transitionBrief: () => transitionBrief(readOnly, badArgs as never),
      approveBrief: () => approveBrief(readOnly, badArgs as never),
      appendCollectionItem: () => appendCollectionItem(readOnly, badArgs as never),
      createBrief: () => createBrief(readOnly, { projectId, bogus: true } as never),
    };
    for (const [name, call] of Object.entries(calls)) {
      await expect(call(), name).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    }
  });

  it("editors write; losing the role takes effect on the next call", async () => {
    const editor = await newUser("Editor");
    await addMember(projectId, editor, "editor");
    const brief = await briefInState(owner, projectId, "drafting");
    expect((await update(editor, { briefId: brief.id, content: { goal: "by editor" } })).result.brief.versionNum).toBe(2);

    await setProjectMember(owner, { projectId, email: editor.email, role: "viewer", idempotencyKey: uniqueKey() });
    await expectRefusedWithoutChange(owner, brief.id, () => update(editor, { briefId: brief.id, content: { goal: "again" } }), { code: "PROJECT_ACCESS_DENIED" });
    await expect(readBrief(editor, brief.id)).resolves.toBeDefined();

    await setProjectMember(owner, { projectId, email: editor.email, role: null, idempotencyKey: uniqueKey() });
    await expect(readBrief(editor, brief.id)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
  });

  it("validates arguments before access, so a bad call never reveals whether a brief exists", async () => {
    for (const brief of [briefId, MISSING]) {
      await expect(update(stranger, { briefId: brief, content: { requirements: "not a list" } })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
      await expect(listCollection(stranger, { briefId: brief, collection: "nope" as never })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    }
  });
});
