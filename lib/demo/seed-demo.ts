import crypto from "node:crypto";
import { cliActor } from "@/lib/auth/cli-actor";
import { createBrief } from "@/lib/briefs/create-brief";
import { updateBrief } from "@/lib/briefs/update-brief";
import { updateChecklistItem } from "@/lib/briefs/update-checklist-item";
import { transitionBrief } from "@/lib/briefs/transition-brief";
import { approveBrief } from "@/lib/briefs/approve-brief";
import { appendCollectionItem } from "@/lib/briefs/append-collection-item";
import { createProject } from "@/lib/projects/create-project";
import { getPrisma } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { ensureUser } from "@/lib/users/ensure-user";
import { orderTrackingBrief, savedCardsBrief } from "./demo-content";

const DEMO_EMAIL = "demo@briefs.dev";

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
  const key = (name: string) => `demo-seed:${name}`;

  const { result: { project } } = await createProject(demo, {
    name: "Checkout revamp",
    description: "Faster checkout for returning customers.",
    idempotencyKey: key("project"),
  });

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
  await appendCollectionItem(demo, {
    briefId,
    collection: "comments",
    item: { body: "QA started on staging build 2026.11.3." },
    idempotencyKey: key("cards-comment"),
  });

  await createBrief(demo, {
    projectId: project.id,
    title: "Order tracking page",
    content: orderTrackingBrief,
    idempotencyKey: key("tracking"),
  });
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
