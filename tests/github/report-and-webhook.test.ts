/**
 * A signed test report and a webhook for the same pull request, at the same moment: the report's
 * evidence and the merge's move of the work order both land on the brief, once each, in whichever
 * order the database takes them.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { appOrigin } from "@/lib/config/app-origin";
import { getPrisma } from "@/lib/db/client";
import { parseJunit } from "@/lib/ci-proof/parse-junit";
import { recordTestReport } from "@/lib/ci-proof/record-test-report";
import { connectRepository } from "@/lib/github/connect-repository";
import { processDueDeliveries } from "@/lib/github/process-due-deliveries";
import { storeDelivery } from "@/lib/github/store-delivery";
import { newBrief } from "../support/briefs";
import { claimsFor, junit } from "../support/ci-proof";
import { statusItems } from "../support/evidence";
import { projectWithPeople } from "../support/fixtures";
import { pullRequestPayload, type PullRequestChange } from "../support/github-payloads";
import { statusesOf, traceOf, tracedContent } from "../support/trace";

describe(`a test report and a webhook for one pull request at once, on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let projectId: string;
  let repository: string;
  let clock = Date.parse("2026-11-02T10:00:00Z");
  beforeAll(async () => {
    ({ projectId, alice } = await projectWithPeople({ alice: "owner" }, "Checkout"));
    repository = `octo-org/shop-${crypto.randomBytes(3).toString("hex")}`;
    await connectRepository(alice, { projectId, installationId: "4242", repository });
  });

  async function store(action: Parameters<typeof pullRequestPayload>[0], change: Omit<PullRequestChange, "repository">) {
    clock += 60_000;
    const payload = pullRequestPayload(action, { updatedAt: new Date(clock).toISOString(), ...change, repository });
    await storeDelivery({ id: crypto.randomUUID(), event: "pull_request", payload: payload as unknown as Record<string, unknown> });
  }
  const drain = async () => {
    while ((await processDueDeliveries()) > 0);
  };

  it("records the report's evidence and the merge's move of the ticket, each once, however they interleave", async () => {
    for (let round = 0; round < 4; round++) {
      const brief = await newBrief(alice, projectId, tracedContent());
      const number = 100 + round;
      const body = `Fixes ${appOrigin()}/projects/${projectId}/briefs/${brief.id}#T-1`;
      await store("opened", { number, body, headSha: "c".repeat(40) });
      await drain();

      // The merge is stored, then processed while the run's report is recorded.
      await store("closed", { number, merged: true, body, headSha: "c".repeat(40) });
      const report = junit([{ name: "AC-1 downloads a CSV file" }, { name: "AC-2 totals match", outcome: "failure", message: "off by one" }]);
      const [outcome] = await Promise.all([recordTestReport(claimsFor({ fullName: repository, number }), parseJunit(report)), drain()]);

      expect(outcome.briefs.map((b) => b.briefId)).toEqual([brief.id]);
      expect(await statusesOf(alice, brief.id)).toMatchObject({ "AC-1": "proven", "AC-2": "failing" });
      expect(await statusItems(brief.id, "artifacts")).toHaveLength(2);
      expect((await statusItems(brief.id, "findings")).map((f) => f.status)).toEqual(["open"]);
      const ticket = (await traceOf(alice, brief.id)).tickets.find((t) => t.id === "T-1")!;
      expect(ticket.workOrder).toMatchObject({ status: "done", entries: 1 });
      expect(ticket.pullRequests).toMatchObject([{ number, state: "merged" }]);

      // Every write of the brief left one version row and items numbered without a gap or a repeat.
      const prisma = await getPrisma();
      const items = await prisma.briefItem.findMany({ where: { briefId: brief.id }, select: { seq: true }, orderBy: { seq: "asc" } });
      expect(new Set(items.map((i) => i.seq)).size).toBe(items.length);
    }
  });
});
