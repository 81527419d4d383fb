import crypto from "node:crypto";
import { cliActor } from "@/lib/auth/cli-actor";
import { createBrief } from "@/lib/briefs/create-brief";
import { getBriefFull } from "@/lib/briefs/get-brief-full";
import type { BriefContent } from "@/lib/briefs/schema";
import { updateBrief } from "@/lib/briefs/update-brief";
import { updateChecklistItem } from "@/lib/briefs/update-checklist-item";
import { transitionBrief } from "@/lib/briefs/transition-brief";
import { approveBrief } from "@/lib/briefs/approve-brief";
import { appendCollectionItem } from "@/lib/briefs/append-collection-item";
import { createProject } from "@/lib/projects/create-project";
import { getPrisma } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { ensureUser } from "@/lib/users/ensure-user";
import { EVIDENCE_FILE_MAX_BYTES_WEB } from "@/lib/contract/bounds";
import { addEvidence } from "@/lib/evidence/add-evidence";
import { fanOutEvents } from "@/lib/events/fan-out-events";
import { setProjectMember } from "@/lib/projects/set-project-member";
import { proposeChange } from "@/lib/proposals/propose-change";
import { authenticateApiToken } from "@/lib/tokens/authenticate-api-token";
import { createApiToken } from "@/lib/tokens/create-api-token";
import { updateWorkOrder } from "@/lib/work-orders/update-work-order";
import { orderTrackingBrief, proposedCardCap, savedCardsBrief, sharpenedRemovalCriterion } from "./demo-content";
import { cardPickerPng } from "./demo-png";

const DEMO_EMAIL = "demo@briefs.dev";
const REVIEWER_EMAIL = "rui@briefs.dev";

/**
 * A demo person, a project and two briefs with a little history, made through the same
 * services as everything else. Running it again changes nothing.
 *
 * The password is random and returned only when the person is created, so that it can be shown
 * once: a published password would let anyone into every copy that has the demo data.
 */
export async function seedDemo(): Promise<{ created: false } | { created: true; password: string }> {
  const prisma = await getPrisma();
  if (await prisma.user.findUnique({ where: { email: DEMO_EMAIL } })) return { created: false };
  const password = crypto.randomBytes(12).toString("base64url");
  // Made by the operator's command, so its address counts as confirmed (lib/users/ensure-user.ts).
  const user = await ensureUser(DEMO_EMAIL, "Dana Demo");
  await prisma.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password) } });
  const demo = cliActor(user);
  // A second person, confirmed the same way, so adding them makes a member rather than an invitation.
  const rui = cliActor(await ensureUser(REVIEWER_EMAIL, "Rui Reviewer"));
  const key = (name: string) => `demo-seed:${name}`;

  const { result: { project } } = await createProject(demo, {
    name: "Checkout revamp",
    description: "Faster checkout for returning customers.",
    idempotencyKey: key("project"),
  });
  await setProjectMember(demo, { projectId: project.id, email: REVIEWER_EMAIL, role: "reviewer", idempotencyKey: key("reviewer") });

  // Dana's agent: a personal API token named "Claude", acting as the MCP door makes it act.
  const { token } = await createApiToken(demo, { name: "Claude", scopes: ["brief:read", "brief:propose", "brief:write"] });
  const agent = await authenticateApiToken(token);
  if (!agent) throw new Error("The demo's API token does not authenticate.");

  const { result: cards } = await createBrief(demo, {
    projectId: project.id,
    title: "Pay with a saved card",
    content: savedCardsBrief,
    idempotencyKey: key("cards"),
  });
  const briefId = cards.brief.id;
  await updateBrief(demo, {
    briefId,
    content: { ...savedCardsBrief, openQuestions: [...(savedCardsBrief.openQuestions ?? []), "Should saved cards sync across devices?"] },
    idempotencyKey: key("cards-question"),
  });
  await transitionBrief(demo, { briefId, to: "in_review", idempotencyKey: key("cards-review") });
  await approveBrief(demo, { briefId, idempotencyKey: key("cards-approve") });
  await transitionBrief(demo, { briefId, to: "baselined", idempotencyKey: key("cards-baseline") });
  await transitionBrief(demo, { briefId, to: "in_development", idempotencyKey: key("cards-dev") });
  const rows = savedCardsBrief.testingQaChecklist ?? [];
  for (const index of [0, 1]) {
    await updateChecklistItem(demo, { briefId, index, expectedText: rows[index].text, checked: true, idempotencyKey: key(`cards-check-${index}`) });
  }

  // The agent works the tickets, as brief_work_order_update does: the first two done, the others under way.
  const pr = (n: number) => ({ label: `Pull request #${n}`, url: `https://github.com/example/checkout/pull/${n}` });
  const workOrders = [
    { ticketId: "PAY-101", status: "done", links: [pr(412)] },
    { ticketId: "PAY-102", status: "done", links: [pr(418)] },
    { ticketId: "PAY-103", status: "in_review", links: [pr(421)] },
    { ticketId: "PAY-104", status: "in_progress" },
  ] as const;
  for (const order of workOrders) {
    if (order.status !== "in_progress") {
      await updateWorkOrder(agent, { briefId, ticketId: order.ticketId, status: "in_progress", idempotencyKey: key(`cards-${order.ticketId}-start`) });
    }
    await updateWorkOrder(agent, { briefId, ...order, links: "links" in order ? [...order.links] : undefined, idempotencyKey: key(`cards-${order.ticketId}`) });
  }

  // Evidence, as brief_evidence_add records it: a passing test run, a passing screenshot, a pass for
  // AC-4 before its text changes (so it becomes suspect), and a failing run that opens a finding.
  const evidenceOf = (actor: typeof demo, name: string, input: Omit<Parameters<typeof addEvidence>[1], "briefId" | "idempotencyKey">) =>
    addEvidence(actor, { briefId, ...input, idempotencyKey: key(`cards-evidence-${name}`) }, { maxFileBytes: EVIDENCE_FILE_MAX_BYTES_WEB });
  await evidenceOf(agent, "one-tap", {
    criterionIds: ["AC-1"],
    kind: "test_run",
    result: "pass",
    summary: "`checkout/saved-card.spec.ts`: one-tap payment with a saved card, 14 tests passed.",
    url: "https://ci.example.com/checkout/runs/4812",
  });
  await evidenceOf(demo, "expired", {
    criterionIds: ["AC-2"],
    kind: "screenshot",
    result: "pass",
    summary: "Card picker on staging build 2026.11.3: the expired card is disabled and labelled.",
    file: { name: "card-picker-expired.png", mediaType: "image/png", base64: cardPickerPng().toString("base64") },
  });
  await evidenceOf(agent, "removal", {
    criterionIds: ["AC-4"],
    kind: "test_run",
    result: "pass",
    summary: "`account/remove-card.spec.ts`: a removed card is gone from the next checkout.",
    url: "https://ci.example.com/checkout/runs/4815",
  });
  await evidenceOf(agent, "decline", {
    criterionIds: ["AC-5"],
    kind: "test_run",
    result: "fail",
    summary: "`checkout/decline.spec.ts`: the card form comes back, but without the provider's decline reason.",
    url: "https://ci.example.com/checkout/runs/4817",
  });

  // QA sharpens AC-4 after its evidence was given: the evidence no longer proves the current text.
  const current = (await getBriefFull(demo, { briefId })).brief.content as BriefContent;
  const { result: sharpened } = await updateBrief(demo, {
    briefId,
    content: {
      ...current,
      acceptanceCriteria: current.acceptanceCriteria?.map((criterion) => (criterion.id === "AC-4" ? { ...criterion, text: sharpenedRemovalCriterion } : criterion)),
    },
    idempotencyKey: key("cards-sharpen-ac-4"),
  });
  // A changed criterion sends the brief back to review: the owner approves it again and work goes on.
  await approveBrief(demo, { briefId, idempotencyKey: key("cards-reapprove") });
  await transitionBrief(demo, { briefId, to: "baselined", idempotencyKey: key("cards-rebaseline") });
  await transitionBrief(demo, { briefId, to: "in_development", idempotencyKey: key("cards-redev") });

  // The agent proposes an answer to the first open question; it waits for a person to decide.
  await proposeChange(agent, {
    briefId,
    baseVersionNum: sharpened.brief.versionNum,
    summary: proposedCardCap.summary,
    changes: {
      edgeCases: [...(current.edgeCases ?? []), proposedCardCap.edgeCase],
      decisions: [...(current.decisions ?? []), proposedCardCap.decision],
      openQuestions: (current.openQuestions ?? []).slice(1),
    },
    idempotencyKey: key("cards-proposal"),
  });

  await appendCollectionItem(demo, {
    briefId,
    collection: "comments",
    item: { body: "QA started on staging build 2026.11.3." },
    idempotencyKey: key("cards-comment"),
  });
  // The reviewer tells the owner about the sharpened criterion, mentioning her as the comment box writes it.
  await appendCollectionItem(rui, {
    briefId,
    collection: "comments",
    item: { body: `@${DEMO_EMAIL} AC-4 now says "within 5 seconds": its removal test has to run again before QA signs it off.` },
    idempotencyKey: key("cards-mention"),
  });

  await createBrief(demo, {
    projectId: project.id,
    title: "Order tracking page",
    content: orderTrackingBrief,
    idempotencyKey: key("tracking"),
  });

  // What the delivery worker does in the background, done now so the inbox is filled when the seed returns.
  while ((await fanOutEvents()) > 0);
  return { created: true, password };
}

export async function demoUserExists(): Promise<boolean> {
  const prisma = await getPrisma();
  return (await prisma.user.count({ where: { email: DEMO_EMAIL } })) > 0;
}

/** Shown once, right after the demo person was created. */
export function signInHint(appUrl: string, password: string): string {
  return `Sign in at ${appUrl} with ${DEMO_EMAIL} / ${password}  (shown only this once)`;
}

export const DEMO_EXISTS_HINT = `The demo person ${DEMO_EMAIL} exists; its password was printed when it was added.`;
