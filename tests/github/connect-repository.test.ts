import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { connectRepository, connectRepositoryAsOperator, disconnectRepository, listConnectedRepositories } from "@/lib/github/connect-repository";
import { addMember, newProject, newUser, viaToken } from "../support/fixtures";

describe(`connecting GitHub repositories on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let projectId: string;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([newUser("Alice"), newUser("Bob")]);
    projectId = await newProject(alice);
    await addMember(projectId, bob, "editor");
  });

  const stored = async () => (await getPrisma()).githubRepository.findMany({ where: { projectId }, orderBy: { fullName: "asc" } });

  it("lets an owner connect a repository, kept lower-cased, and connect it again with another installation", async () => {
    const connected = await connectRepository(alice, { projectId, installationId: "12345", repository: "Octo-Org/Web.App_2" });
    expect(connected).toMatchObject({ fullName: "octo-org/web.app_2", installationId: "12345" });
    await connectRepository(alice, { projectId, installationId: 67890, repository: "octo-org/WEB.APP_2" });
    expect((await stored()).map((r) => [r.fullName, r.installationId.toString(), r.createdById])).toEqual([["octo-org/web.app_2", "67890", alice.userId]]);
    expect((await listConnectedRepositories(bob, projectId)).map((r) => r.fullName)).toEqual(["octo-org/web.app_2"]);

    expect(await disconnectRepository(alice, projectId, "OCTO-ORG/web.app_2")).toBe(true);
    expect(await stored()).toEqual([]);
  });

  it("refuses an editor, a token and a stranger, and stores nothing", async () => {
    const stranger = await newUser("Stranger");
    for (const actor of [bob, viaToken(alice), stranger]) {
      await expect(connectRepository(actor, { projectId, installationId: "1", repository: "octo-org/app" })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    }
    await connectRepository(alice, { projectId, installationId: "1", repository: "octo-org/kept" });
    await expect(disconnectRepository(bob, projectId, "octo-org/kept")).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    expect((await stored()).map((r) => r.fullName)).toEqual(["octo-org/kept"]);
    await disconnectRepository(alice, projectId, "octo-org/kept");
  });

  it("refuses names GitHub would not give and installation ids that are not numbers, naming the field", async () => {
    const refusals: Array<[string, string, string]> = [
      ["octo-org", "1", "repository"],
      ["octo-org/app/extra", "1", "repository"],
      ["-octo/app", "1", "repository"],
      ["octo--org/app", "1", "repository"],
      ["octo-org/..", "1", "repository"],
      ["octo org/app", "1", "repository"],
      ["octo-org/app", "abc", "installationId"],
      ["octo-org/app", "0", "installationId"],
    ];
    for (const [repository, installationId, path] of refusals) {
      await expect(connectRepository(alice, { projectId, installationId, repository }), repository).rejects.toMatchObject({
        code: "VALIDATION_ERROR",
        details: { issues: [expect.objectContaining({ path })] },
      });
    }
    expect(await stored()).toEqual([]);
  });

  it("lets the operator connect to a project by id, and says when there is none", async () => {
    expect(await connectRepositoryAsOperator({ projectId, installationId: "9", repository: "Octo-Org/Ops" })).toMatchObject({ fullName: "octo-org/ops" });
    expect(await connectRepositoryAsOperator({ projectId: "no-such-project", installationId: "9", repository: "octo-org/ops" })).toBeNull();
    expect((await stored()).map((r) => [r.fullName, r.createdById])).toEqual([["octo-org/ops", null]]);
  });
});
