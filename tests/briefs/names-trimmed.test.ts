import { describe, expect, it } from "vitest";
import { createProject } from "@/lib/projects/create-project";
import { newUser, uniqueKey, viaToken } from "../support/fixtures";
import { create, update } from "../support/briefs";

// Both doors store names and titles without surrounding whitespace: the rule lives in the service.
describe(`names and titles on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("are stored trimmed whichever door they come through", async () => {
    const alice = await newUser("Alice");
    const agent = viaToken(alice);
    const { result } = await createProject(agent, { name: "  Payments  ", description: "  Money in, money out \n", idempotencyKey: uniqueKey() });
    expect(result.project).toMatchObject({ name: "Payments", description: "Money in, money out" });

    const blankDescription = await createProject(alice, { name: "Other", description: "   ", idempotencyKey: uniqueKey() });
    expect(blankDescription.result.project.description).toBeNull();

    const created = await create(agent, { projectId: result.project.id, title: "\tInvoice export  " });
    expect(created.result.brief.title).toBe("Invoice export");
    const renamed = await update(agent, { briefId: created.result.brief.id, title: "  Invoice export v2 " });
    expect(renamed.result.brief.title).toBe("Invoice export v2");
  });

  it("still refuse blank names", async () => {
    const alice = await newUser("Alice");
    await expect(createProject(alice, { name: "   ", idempotencyKey: uniqueKey() })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });
});
