import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { authorizeProject } from "@/lib/projects/project-access";
import { listProjects } from "@/lib/projects/list-projects";
import { newProject, newUser, projectWithPeople } from "../support/fixtures";

async function check(actor: Awaited<ReturnType<typeof newUser>>, projectId: string, need: "read" | "write" | "manage") {
  const prisma = await getPrisma();
  return authorizeProject(prisma, actor, projectId, need).then(
    (p) => p.role,
    (e) => ({ code: e.code, message: e.message }),
  );
}

describe(`project access on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("lets members in by role and keeps everyone else out without revealing what exists", async () => {
    const { projectId: alpha, alice, bob, viewer, editor } = await projectWithPeople({ alice: "owner", bob: "outsider", viewer: "viewer", editor: "editor" }, "Alpha");
    const beta = await newProject(bob, "Beta");

    expect(await check(alice, alpha, "manage")).toBe("owner");
    expect(await check(editor, alpha, "write")).toBe("editor");
    expect(await check(viewer, alpha, "read")).toBe("viewer");

    const denied = await check(viewer, alpha, "write");
    expect(denied).toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    expect(await check(editor, alpha, "manage")).toEqual(denied);
    // Someone else's project and a project that does not exist answer identically.
    expect(await check(alice, beta, "read")).toEqual(denied);
    expect(await check(alice, "00000000-0000-7000-8000-000000000000", "read")).toEqual(denied);
    expect(await check(bob, alpha, "read")).toEqual(denied);

    expect((await listProjects(alice)).items.map((p) => [p.name, p.role])).toEqual([["Alpha", "owner"]]);
    expect((await listProjects(bob)).items.map((p) => [p.name, p.role])).toEqual([["Beta", "owner"]]);
    expect((await listProjects(viewer)).items.map((p) => [p.name, p.role])).toEqual([["Alpha", "viewer"]]);
  });
});
