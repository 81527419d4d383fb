import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { searchBriefs } from "@/lib/briefs/search-briefs";
import type { SearchHit, SearchPage } from "@/lib/briefs/search-schema";
import { snippetRuns } from "@/lib/briefs/search-snippet";
import { getPrisma } from "@/lib/db/client";
import { readMigrationFiles } from "@/lib/db/migration-files";
import { CURSOR_TTL_MS } from "@/lib/paging/cursor";
import { setProjectMember } from "@/lib/projects/set-project-member";
import { addMember, newProject, newUser, uniqueKey, viaToken, projectWithPeople } from "../support/fixtures";
import { newBrief, readBrief, readyContent, toggle, transition, update } from "../support/briefs";

type SearchArgs = Parameters<typeof searchBriefs>[1];

const search = (actor: Actor, query: string, more: Omit<SearchArgs, "query"> = {}) => searchBriefs(actor, { query, ...more });
const titles = (page: SearchPage) => page.items.map((i) => i.title);

/** Every hit of a search, following nextCursor to the end, and how many pages that took. */
async function everyHit(actor: Actor, args: SearchArgs) {
  const items: SearchHit[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await searchBriefs(actor, { ...args, cursor });
    if (args.limit) expect(page.items.length).toBeLessThanOrEqual(args.limit);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
    if (++pages > 1000) throw new Error("paging does not end");
  } while (cursor);
  return { items, pages };
}

/** The matched words of a hit's snippet, lower-cased. */
const matchedWords = (hit: SearchHit) => snippetRuns(hit.snippet).filter((r) => r.match).map((r) => r.text.toLowerCase());

/** The stored search row of a brief: its tsvector as text, its sections, and its row version (xmin). */
async function searchRow(briefId: string) {
  const prisma = await getPrisma();
  const [row] = await prisma.$queryRaw<Array<{ document: string; sectionKeys: string[]; sectionStarts: number[]; xmin: string }>>`
    SELECT document::text AS document, "sectionKeys", "sectionStarts", xmin::text AS xmin FROM "BriefSearch" WHERE "briefId" = ${briefId}`;
  return row;
}

/**
 * Briefs of `projectId` whose search row differs from the one rebuilt now from the title and the
 * sections of the current version: must always be none.
 */
async function staleSearchDocuments(projectId: string): Promise<string[]> {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<Array<{ id: string }>>`
    SELECT b.id FROM "Brief" b
      JOIN "BriefVersion" v ON v."briefId" = b.id AND v."versionNum" = b."versionNum"
      LEFT JOIN "BriefSearch" s ON s."briefId" = b.id
     CROSS JOIN LATERAL brief_search_index(b.title, (
             SELECT coalesce(jsonb_object_agg(r.ref ->> 0, c.json::jsonb), '{}'::jsonb)
               FROM jsonb_array_elements(v.sections) AS r(ref) JOIN "ContentBlob" c ON c.hash = r.ref ->> 1)) AS i
     WHERE b."projectId" = ${projectId}
       AND (s.document, s."sectionKeys", s."sectionStarts") IS DISTINCT FROM (i.document, i.section_keys, i.section_starts)`;
  return rows.map((r) => r.id);
}

describe(`brief search on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let viewer: Actor;
  let billing: string;
  let payroll: string;
  let secret: string;

  beforeAll(async () => {
    ({ projectId: billing, alice, bob, viewer } = await projectWithPeople({ alice: "owner", bob: "outsider", viewer: "viewer" }, "Billing"));
    [payroll, secret] = await Promise.all([newProject(alice, "Payroll"), newProject(bob, "Secret")]);
  });

  describe("what it matches", () => {
    let briefId: string;
    beforeAll(async () => {
      const brief = await newBrief(
        alice,
        billing,
        {
          goal: "Customers reconcile their **quarterly** statements without calling support.",
          requirements: ["Statements list every adjustment", "A ledger row per refund"],
          acceptanceCriteria: [
            { id: "AC-7", text: "The totals match the bank feed", implementation: false, manualEvidence: { rationale: "Finance signs off with a zeppelin", evidencePath: "evidence/totals-check.md" } },
          ],
          testingQaChecklist: [{ text: "Hovercraft export opens in a spreadsheet", checked: false }],
          generatedTickets: [{ id: "T-99", title: "Ticket about marmalade", description: "Longer words on gooseberries", boundCriteria: ["AC-7"], boundRequirements: [] }],
          decisions: [{ text: "Use the walrus format", source: "call with the albatross team" }],
          sourceArtifactLinks: [{ label: "Figma board of the narwhal", kind: "design" }],
          edgeCases: ["A currency without cents"],
          customKey: { nested: ["kumquat inside an unknown key"] },
          _draft: { goal: "unsaved pomegranate" },
        },
        "Quarterly statement reconciliation",
      );
      briefId = brief.id;
    });

    it.each([
      ["the title", "reconciliation", "title-or-any"],
      ["a long text", "support", "goal"],
      ["a list row", "adjustment", "requirements"],
      ["criteria text", "bank feed", "acceptanceCriteria"],
      ["a criterion's id", "AC-7", "acceptanceCriteria"],
      ["manual evidence", "zeppelin", "acceptanceCriteria"],
      ["an evidence path, as a whole", "evidence/totals-check.md", "acceptanceCriteria"],
      ["a checklist row", "hovercraft", "testingQaChecklist"],
      ["a ticket's title", "marmalade", "generatedTickets"],
      ["a ticket's description", "gooseberries", "generatedTickets"],
      ["a decision and its source", "walrus albatross", "decisions"],
      ["a link", "narwhal", "sourceArtifactLinks"],
      ["an edge case", "cents", "edgeCases"],
      ["a key the contract does not know", "kumquat", "customKey"],
      ["another form of a word (stemming)", "reconciling statement", "title-or-any"],
      ["a prefix of the last word", "hovercr", "testingQaChecklist"],
    ])("finds %s, with the snippet from that section", async (_what, query, section) => {
      const { items } = await search(alice, query);
      expect(items.map((i) => i.briefId)).toEqual([briefId]);
      const [hit] = items;
      expect(hit).toMatchObject({ projectId: billing, projectName: "Billing", title: "Quarterly statement reconciliation", state: "drafting", versionNum: 1 });
      expect(hit.rank).toBeGreaterThan(0);
      expect(hit.rank).toBeLessThan(1);
      if (section !== "title-or-any") {
        expect(hit.snippet.section).toBe(section);
        expect(hit.snippet.highlights.length).toBeGreaterThan(0);
      }
    });

    it("does not index the editor's draft, the QA rows' attribution, or check state", async () => {
      expect((await search(alice, "pomegranate")).items).toEqual([]);
      const { brief } = await readBrief(alice, briefId);
      await toggle(alice, { briefId, index: 0, expectedText: "Hovercraft export opens in a spreadsheet", checked: true });
      expect((await search(alice, alice.label.split(" ")[0])).items.map((i) => i.briefId)).not.toContain(briefId);
      expect((await search(alice, "checked")).items).toEqual([]);
      expect((await search(alice, "hovercraft")).items.map((i) => i.versionNum)).toEqual([brief.versionNum + 1]);
    });

    it("understands quotes, OR and -word", async () => {
      expect(titles(await search(alice, '"ledger row per refund"'))).toEqual(["Quarterly statement reconciliation"]);
      expect((await search(alice, '"refund per ledger"')).items).toEqual([]);
      expect(titles(await search(alice, "nonexistentword OR walrus"))).toEqual(["Quarterly statement reconciliation"]);
      expect((await search(alice, "walrus -narwhal")).items).toEqual([]);
    });

    it("finds nothing, without an error, for stop words only, negations only, or operators and quotes of every kind", async () => {
      for (const query of ["the and of", "-walrus", '"', "'", "!", "&|!():*", "walrus:*", "\\", "'); DROP TABLE \"Brief\"; --", "OR", "- - -"]) {
        const page = await search(alice, query);
        expect(page.nextCursor).toBeNull();
        if (query !== "walrus:*") expect(page.items).toEqual([]);
      }
      expect(await (await getPrisma()).brief.count({ where: { id: briefId } })).toBe(1);
    });

    it("highlights the matched words, in a plain-text snippet", async () => {
      const [hit] = (await search(alice, "walrus")).items;
      expect(hit.snippet.text).toBe("Use the walrus format · call with the albatross team");
      expect(matchedWords(hit)).toEqual(["walrus"]);
      const [stemmed] = (await search(alice, "statements")).items;
      expect(matchedWords(stemmed).every((w) => w.startsWith("statement"))).toBe(true);
      const [bold] = (await search(alice, "quarterly")).items;
      expect(bold.snippet.section).toBe("goal");
      expect(bold.snippet.text).toContain("**quarterly**");
    });
  });

  describe("snippets", () => {
    let project: string;
    beforeAll(async () => {
      project = await newProject(alice, "Snippets");
    });

    it("come from the section where the words occur most, weighing the main sections twice", async () => {
      await newBrief(alice, project, { goal: "One okapi here", requirements: ["okapi row", "another okapi row"], design: ["okapi", "okapi", "okapi"].join(" ") }, "Most");
      const [hit] = (await search(alice, "okapi")).items;
      expect(hit.snippet.section).toBe("requirements");
      expect(matchedWords(hit)).toEqual(["okapi", "okapi"]);
    });

    it("show the first section with text when only the title matches, and nothing for a brief without text", async () => {
      await newBrief(alice, project, { _draft: { goal: "x" }, goal: "", requirements: ["First words of the brief"] }, "Gharial title");
      await newBrief(alice, project, {}, "Gharial empty");
      const { items } = await search(alice, "gharial", { projectId: project });
      const byTitle = Object.fromEntries(items.map((i) => [i.title, i.snippet]));
      expect(byTitle["Gharial title"]).toEqual({ section: "requirements", text: "First words of the brief", highlights: [] });
      expect(byTitle["Gharial empty"]).toEqual({ section: null, text: "", highlights: [] });
    });
  });

  describe("ranking", () => {
    let project: string;
    beforeAll(async () => {
      project = await newProject(alice, "Ranking");
      // The same length each, so only where and how often the word occurs tells them apart.
      await newBrief(alice, project, { technicalSolution: "Mentions quokka once among other words here" }, "Alpha plan");
      await newBrief(alice, project, { goal: "Quokka quokka quokka, again quokka and more" }, "Beta plan");
      await newBrief(alice, project, { goal: "Words without the animal at all in here" }, "Quokka plan");
    });

    it("puts a title match first, then more and weightier occurrences", async () => {
      expect(titles(await search(alice, "quokka", { projectId: project }))).toEqual(["Quokka plan", "Beta plan", "Alpha plan"]);
    });

    it("gives ranks in descending order", async () => {
      const ranks = (await search(alice, "plan", { projectId: project })).items.map((i) => i.rank);
      expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    });
  });

  describe("the index follows every write", () => {
    let project: string;
    beforeAll(async () => {
      project = await newProject(alice, "Writes");
    });

    it("finds a brief as soon as it is created", async () => {
      const brief = await newBrief(alice, project, { requirements: ["A platypus appears"] }, "Fresh");
      expect((await search(alice, "platypus")).items.map((i) => i.briefId)).toEqual([brief.id]);
    });

    it("follows content and title edits: the old words are gone, the new ones found", async () => {
      const brief = await newBrief(alice, project, readyContent({ goal: "About a chinchilla" }), "Ocelot");
      await update(alice, { briefId: brief.id, content: readyContent({ goal: "About a capybara" }) });
      expect((await search(alice, "chinchilla")).items).toEqual([]);
      expect((await search(alice, "capybara")).items.map((i) => i.versionNum)).toEqual([2]);
      await update(alice, { briefId: brief.id, title: "Manatee" });
      expect((await search(alice, "ocelot")).items).toEqual([]);
      expect(titles(await search(alice, "manatee"))).toEqual(["Manatee"]);
      await update(alice, { briefId: brief.id, title: "Ibis", content: readyContent({ goal: "About a tapir" }) });
      expect(titles(await search(alice, "ibis tapir"))).toEqual(["Ibis"]);
      expect((await search(alice, "manatee OR capybara")).items).toEqual([]);
      expect(await staleSearchDocuments(project)).toEqual([]);
    });

    it("follows edits of criteria, QA row texts and tickets", async () => {
      const brief = await newBrief(alice, project, readyContent(), "Edits");
      const criteria = [{ id: "AC-1", text: "A gecko file downloads" }];
      const rows = [{ text: "Iguana opens in a spreadsheet", checked: false }];
      await update(alice, { briefId: brief.id, content: readyContent({ acceptanceCriteria: criteria, testingQaChecklist: rows }) });
      expect(titles(await search(alice, "gecko"))).toEqual(["Edits"]);
      expect(titles(await search(alice, "iguana"))).toEqual(["Edits"]);
      await update(alice, { briefId: brief.id, content: readyContent({ acceptanceCriteria: criteria, testingQaChecklist: [{ text: "Axolotl opens", checked: false }] }) });
      expect((await search(alice, "iguana")).items).toEqual([]);
      expect(titles(await search(alice, "axolotl"))).toEqual(["Edits"]);
      expect(await staleSearchDocuments(project)).toEqual([]);
    });

    it("leaves the search row untouched on a checklist toggle, which changes no text", async () => {
      const brief = await newBrief(alice, project, readyContent({ goal: "Toggle the wombat" }), "Toggle");
      const before = await searchRow(brief.id);
      const ticked = await toggle(alice, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true });
      expect(ticked.result.brief.createdNewVersion).toBe(true);
      await toggle(alice, { briefId: brief.id, index: 1, expectedText: "PDF renders", checked: true });
      await toggle(alice, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: false });
      expect(await searchRow(brief.id)).toEqual(before);
      expect((await search(alice, "wombat")).items.map((i) => i.versionNum)).toEqual([4]);
      expect(await staleSearchDocuments(project)).toEqual([]);
    });

    it("leaves it untouched when a save changes nothing, and shows the state a transition set", async () => {
      const brief = await newBrief(alice, project, readyContent({ goal: "A quiet dugong" }), "Quiet");
      const before = await searchRow(brief.id);
      await update(alice, { briefId: brief.id, content: readyContent({ goal: "A quiet dugong" }) });
      await update(alice, { briefId: brief.id, title: "Quiet" });
      await transition(alice, { briefId: brief.id, to: "in_review" });
      expect(await searchRow(brief.id)).toEqual(before);
      expect((await search(alice, "dugong")).items.map((i) => i.state)).toEqual(["in_review"]);
    });

    it("the migration's backfill rebuilds exactly what the writes keep", async () => {
      const prisma = await getPrisma();
      const ids = (await prisma.brief.findMany({ where: { projectId: project }, select: { id: true } })).map((b) => b.id);
      const content = (row: Awaited<ReturnType<typeof searchRow>>) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== "xmin"));
      const before = await Promise.all(ids.map((id) => searchRow(id).then(content)));
      const migration = readMigrationFiles().find((f) => f.name.endsWith("_brief_search"))!;
      const backfill = migration.sql.slice(migration.sql.indexOf('INSERT INTO "BriefSearch"'));
      await prisma.$transaction(async (tx) => {
        await tx.$executeRaw`DELETE FROM "BriefSearch" WHERE "briefId" = ANY(${ids})`;
        // The migration's own statement, limited to this test's briefs (others run side by side on PostgreSQL).
        await tx.$executeRawUnsafe(`${backfill.trim().replace(/;$/, "")} WHERE b.id = ANY($1)`, ids);
      });
      expect(await Promise.all(ids.map((id) => searchRow(id).then(content)))).toEqual(before);
    });
  });

  describe("paging", () => {
    let project: string;
    const count = 23;
    beforeAll(async () => {
      project = await newProject(alice, "Paging");
      // Ranks in a few groups of equal value (identical documents), so ties are broken by id.
      for (let i = 0; i < count; i++) {
        const words = Array.from({ length: 1 + (i % 4) }, () => "pangolin").join(" ");
        await newBrief(alice, project, { goal: `${words} and filler text` }, `Paging ${i % 4}`);
      }
    });

    it("lists every hit once, in rank order, whatever the page size", async () => {
      const all = await search(alice, "pangolin", { limit: 200 });
      expect(all.items).toHaveLength(count);
      expect(all.nextCursor).toBeNull();
      const keys = all.items.map((i) => [i.rank, i.briefId] as const);
      const sorted = [...keys].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0));
      expect(keys).toEqual(sorted);
      for (const limit of [1, 2, 5, 22, 23]) {
        const { items, pages } = await everyHit(alice, { query: "pangolin", limit });
        expect(items.map((i) => i.briefId)).toEqual(all.items.map((i) => i.briefId));
        expect(pages).toBe(Math.ceil(count / limit));
      }
    });

    it("pages within one project with projectId, bound to it", async () => {
      await newBrief(alice, payroll, { goal: "a pangolin in payroll" }, "Payroll pangolin");
      const { items } = await everyHit(alice, { query: "pangolin", projectId: project, limit: 4 });
      expect(items).toHaveLength(count);
      expect(new Set(items.map((i) => i.projectId))).toEqual(new Set([project]));
      expect((await search(alice, "pangolin", { limit: 200 })).items).toHaveLength(count + 1);
    });

    it("refuses a cursor that was tampered with, belongs to another query, filter or person, or expired", async () => {
      const first = await search(alice, "pangolin", { limit: 2 });
      const cursor = first.nextCursor!;
      const [body, mac] = cursor.split(".");
      const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), k: [1, "z"] })).toString("base64url")}.${mac}`;
      const refusals: Array<[SearchArgs, Actor, string]> = [
        [{ query: "pangolin", cursor: forged }, alice, "tampered"],
        [{ query: "pangolin", cursor: `${body}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}` }, alice, "tampered"],
        [{ query: "pangolin", cursor: "garbage" }, alice, "malformed"],
        [{ query: "pangolins", cursor }, alice, "issued for another listing"],
        [{ query: "pangolin", projectId: project, cursor }, alice, "issued for another listing"],
        [{ query: "pangolin", cursor }, viewer, "issued for another listing"],
      ];
      for (const [args, actor, reason] of refusals) {
        await expect(searchBriefs(actor, args)).rejects.toMatchObject({ code: "INVALID_CURSOR", details: { reason } });
      }
      const realNow = Date.now;
      Date.now = () => realNow() + CURSOR_TTL_MS + 1000;
      try {
        await expect(search(alice, "pangolin", { cursor })).rejects.toMatchObject({ code: "INVALID_CURSOR", details: { reason: "expired" } });
      } finally {
        Date.now = realNow;
      }
      // The cursor works with a different page size.
      expect((await search(alice, "pangolin", { cursor, limit: 3 })).items).toHaveLength(3);
    });
  });

  describe("access", () => {
    let bobsBrief: string;
    let billingBrief: string;
    beforeAll(async () => {
      bobsBrief = (await newBrief(bob, secret, { goal: "The secret wolverine plan", requirements: ["wolverine row"] }, "Wolverine")).id;
      billingBrief = (await newBrief(alice, billing, { goal: "A shared wolverine note" }, "Shared")).id;
    });

    it("never shows a brief of a project you are not in, not even as a page", async () => {
      expect((await search(alice, "wolverine")).items.map((i) => i.briefId)).toEqual([billingBrief]);
      expect(await search(alice, "secret wolverine plan")).toEqual({ items: [], nextCursor: null });
      // Bob's brief would rank first; with a page of one nothing hints that it exists.
      expect(await search(alice, "wolverine", { limit: 1 })).toMatchObject({ items: [{ briefId: billingBrief }], nextCursor: null });
      expect((await search(bob, "wolverine")).items.map((i) => i.briefId)).toEqual([bobsBrief]);
    });

    it("refuses a projectId filter on a project that is not yours, like a missing one", async () => {
      await expect(search(alice, "wolverine", { projectId: secret })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
      await expect(search(alice, "wolverine", { projectId: "0190a6f2-0000-7000-8000-000000000000" })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    });

    it("shows a viewer the briefs of the projects they may read, until they are removed", async () => {
      const reader = await newUser("Reader");
      await addMember(billing, reader, "viewer");
      expect((await search(reader, "wolverine")).items.map((i) => i.briefId)).toEqual([billingBrief]);
      await setProjectMember(alice, { projectId: billing, email: reader.email, role: null, idempotencyKey: uniqueKey() });
      expect(await search(reader, "wolverine")).toEqual({ items: [], nextCursor: null });
      await expect(search(reader, "wolverine", { projectId: billing })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    });

    it("needs brief:read: a write-only token is refused, a read-only token searches", async () => {
      await expect(search(viaToken(alice, ["brief:write"]), "wolverine")).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
      expect((await search(viaToken(alice, ["brief:read"]), "wolverine")).items.map((i) => i.briefId)).toEqual([billingBrief]);
    });
  });

  describe("input", () => {
    it.each([
      ["no query", {}],
      ["an empty query", { query: "" }],
      ["a blank query", { query: "   " }],
      ["a query over 200 characters", { query: "x".repeat(201) }],
      ["a query with NUL", { query: "a\u0000b" }],
      ["a query that is not a string", { query: 5 }],
      ["an unknown argument", { query: "x", sort: "date" }],
      ["a limit of 0", { query: "x", limit: 0 }],
      ["a limit over 200", { query: "x", limit: 201 }],
      ["an empty projectId", { query: "x", projectId: "" }],
      ["an empty cursor", { query: "x", cursor: "" }],
    ])("refuses %s with VALIDATION_ERROR", async (_what, args) => {
      await expect(searchBriefs(alice, args as SearchArgs)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    });

    it("accepts a query of 200 characters, emoji counted as one", async () => {
      await expect(search(alice, "😀".repeat(200))).resolves.toEqual({ items: [], nextCursor: null });
    });
  });
});
