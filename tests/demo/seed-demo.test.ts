import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { cliActor } from "@/lib/auth/cli-actor";
import { getBriefFull } from "@/lib/briefs/get-brief-full";
import { listCollection } from "@/lib/briefs/list-collection";
import type { BriefContent } from "@/lib/briefs/schema";
import { getPrisma } from "@/lib/db/client";
import { seedDemo } from "@/lib/demo/seed-demo";
import { listNotifications } from "@/lib/notifications/list-notifications";
import { listProjectMembers } from "@/lib/projects/list-project-members";
import { briefQuality } from "@/lib/quality/quality-report";
import { listTemplates } from "@/lib/templates/list-templates";
import { getTrace } from "@/lib/trace/get-trace";
import type { Trace } from "@/lib/trace/trace-schema";

/** Every table the seed writes to, counted: a second run must leave each as it was. */
async function counts() {
  const prisma = await getPrisma();
  return {
    users: await prisma.user.count(),
    projects: await prisma.project.count(),
    memberships: await prisma.membership.count(),
    invitations: await prisma.projectInvitation.count(),
    templates: await prisma.briefTemplate.count(),
    briefs: await prisma.brief.count(),
    versions: await prisma.briefVersion.count(),
    items: await prisma.briefItem.count(),
    files: await prisma.evidenceFile.count(),
    tokens: await prisma.apiToken.count(),
    events: await prisma.outboxEvent.count(),
    notifications: await prisma.notification.count(),
  };
}

// The embedded database only: each test file gets one of its own there, while the PostgreSQL project
// shares one database between files, and this test counts whole tables before and after a second seed.
describe.runIf(process.env.BRIEFS_TEST_DB === "pglite")(`the demo data on ${process.env.BRIEFS_TEST_DB}`, () => {
  let dana: Actor;
  let briefs: Array<{ id: string; title: string; projectId: string }>;
  let cards: { id: string; projectId: string };
  let trace: Trace;
  let seeded: Awaited<ReturnType<typeof counts>>;

  beforeAll(async () => {
    const first = await seedDemo();
    expect(first.created).toBe(true);
    seeded = await counts();
    const prisma = await getPrisma();
    dana = cliActor(await prisma.user.findUniqueOrThrow({ where: { email: "demo@briefs.dev" } }));
    briefs = await prisma.brief.findMany({ orderBy: { createdAt: "asc" }, select: { id: true, title: true, projectId: true } });
    cards = briefs.find((brief) => brief.title === "Pay with a saved card")!;
    trace = await getTrace(dana, { briefId: cards.id });
  });

  it("has two briefs in one project: the main one in development, the other a draft", async () => {
    expect(briefs.map((brief) => brief.title)).toEqual(["Pay with a saved card", "Order tracking page"]);
    expect(new Set(briefs.map((brief) => brief.projectId)).size).toBe(1);
    const prisma = await getPrisma();
    expect((await prisma.brief.findMany({ orderBy: { createdAt: "asc" } })).map((brief) => brief.state)).toEqual(["in_development", "drafting"]);
  });

  it("opens the main brief's trace on exactly the gaps it means to show: a suspect criterion and an open finding", () => {
    const failing = trace.criteria.find((criterion) => criterion.id === "AC-5")!;
    expect(trace.gaps).toEqual([
      expect.objectContaining({ kind: "suspect_evidence", criterionId: "AC-4", evidenceIds: trace.criteria.find((c) => c.id === "AC-4")!.evidence.map((e) => e.id) }),
      expect.objectContaining({ kind: "open_finding", findingId: failing.openFindings[0].id, criterionIds: ["AC-5"] }),
    ]);
    expect(trace.openFindings).toHaveLength(1);
  });

  it("numbers every requirement and binds every ticket to real requirements and criteria", () => {
    expect(trace.requirements.map((r) => [r.id, r.tickets])).toEqual([
      ["FR-1", ["PAY-101"]],
      ["FR-2", ["PAY-102"]],
      ["FR-3", ["PAY-103"]],
      ["FR-4", ["PAY-101"]],
      ["FR-5", ["PAY-104"]],
    ]);
    expect(trace.tickets.map((t) => [t.id, t.workOrder.status, t.workOrder.assignee])).toEqual([
      ["PAY-101", "done", "demo@briefs.dev via Claude"],
      ["PAY-102", "done", "demo@briefs.dev via Claude"],
      ["PAY-103", "in_review", "demo@briefs.dev via Claude"],
      ["PAY-104", "in_progress", "demo@briefs.dev via Claude"],
    ]);
  });

  it("proves 2 of 4 criteria: one by a test run, one by a screenshot file; one is exempt, one suspect, one failing", () => {
    expect(trace.proof).toEqual({ proven: 2, needed: 4, exempt: 1, openFindings: 1, complete: false });
    expect(trace.criteria.map((c) => [c.id, c.status])).toEqual([
      ["AC-1", "proven"],
      ["AC-2", "proven"],
      ["AC-3", "exempt"],
      ["AC-4", "suspect"],
      ["AC-5", "failing"],
    ]);
    const [run] = trace.criteria[0].evidence;
    expect(run).toMatchObject({ kind: "test_run", result: "pass", current: true, createdBy: "demo@briefs.dev via Claude" });
    expect(run.url).toMatch(/^https:\/\//);
    const [screenshot] = trace.criteria[1].evidence;
    expect(screenshot).toMatchObject({ kind: "screenshot", result: "pass", current: true, createdBy: "Dana Demo" });
    expect(screenshot.fileUrl).toBeTruthy();
    expect(trace.criteria[3].evidence).toEqual([expect.objectContaining({ result: "pass", current: false })]);
  });

  it("keeps the screenshot as a real PNG", async () => {
    const prisma = await getPrisma();
    const [file] = await prisma.evidenceFile.findMany({ where: { briefId: cards.id } });
    expect(file).toMatchObject({ mediaType: "image/png", name: "card-picker-expired.png" });
    expect(Buffer.from(file.bytes).subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  });

  it("has one open proposal by the demo person's agent", async () => {
    const { items } = await listCollection(dana, { briefId: cards.id, collection: "proposals" });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ status: "open", author: "demo@briefs.dev via Claude", mergeable: true });
  });

  it("has a reviewer who mentioned the demo person in a comment, and the mention is in her inbox", async () => {
    const members = await listProjectMembers(dana, cards.projectId);
    expect(members.map((m) => [m.email, m.name, m.role, m.status])).toEqual([
      ["demo@briefs.dev", "Dana Demo", "owner", "active"],
      ["rui@briefs.dev", "Rui Reviewer", "reviewer", "active"],
    ]);
    const { items: comments } = await listCollection(dana, { briefId: cards.id, collection: "comments" });
    expect(comments).toContainEqual(expect.objectContaining({ author: "Rui Reviewer", body: expect.stringMatching(/^@demo@briefs\.dev /) }));
    const inbox = await listNotifications(dana);
    expect(inbox.items).toContainEqual(expect.objectContaining({ kind: "mention", title: "Rui Reviewer mentioned you in a comment on “Pay with a saved card”", briefId: cards.id, read: false }));
    expect(inbox.unread).toBeGreaterThanOrEqual(1);
  });

  it("starts the project with the built-in templates", async () => {
    expect((await listTemplates(dana, { projectId: cards.projectId })).map((t) => t.name)).toEqual(["Product requirements", "Bug fix", "Technical design", "Experiment"]);
  });

  it("keeps quality findings to the one the demo means to show", async () => {
    const findings = [];
    for (const brief of briefs) {
      const content = (await getBriefFull(dana, { briefId: brief.id })).brief.content as BriefContent;
      findings.push(...briefQuality(content).findings.map((f) => [brief.title, f.section, f.index, f.ruleId]));
    }
    expect(findings).toEqual([["Order tracking page", "requirements", 2, "vague-term"]]);
  });

  it("traces the second brief without gaps: every criterion planned", async () => {
    const tracking = await getTrace(dana, { briefId: briefs[1].id });
    expect(tracking.gaps).toEqual([]);
    expect(tracking.criteria.map((c) => c.status)).toEqual(["planned", "planned", "planned"]);
  });

  it("changes nothing when it runs again", async () => {
    expect(await seedDemo()).toEqual({ created: false });
    expect(await counts()).toEqual(seeded);
    expect((await getTrace(dana, { briefId: cards.id })).gaps).toEqual(trace.gaps);
  });
});
