import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes, writeScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import type { Tx } from "@/lib/db/transaction";
import { accessDenied, DomainError } from "@/lib/errors";
import { authorizeProject } from "@/lib/projects/project-access";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { createWebhookSchema, toWebhookView, updateWebhookSchema, type WebhookView } from "./webhook-schema";
import { newWebhookSecret, sealWebhookSecret } from "./webhook-secret";

/** Endpoints are managed in the browser (and by the admin command), by the project's owners. */
function requireBrowser(actor: Actor): void {
  if (actor.door === "mcp") throw new DomainError("PROJECT_ACCESS_DENIED", "Webhooks are managed in the browser, by the project's owners.");
}

/** The endpoint, if the actor owns its project; the same refusal for "missing" and "not yours". */
export async function findOwnedEndpoint(tx: Tx, actor: Actor, endpointId: string) {
  const endpoint = await tx.webhookEndpoint.findUnique({ where: { id: endpointId } });
  if (!endpoint) throw accessDenied();
  await authorizeProject(tx, actor, endpoint.projectId, "manage");
  return endpoint;
}

/** Adds an endpoint. Its signing secret is returned here, once, and never again. */
export async function createWebhook(actor: Actor, input: z.input<typeof createWebhookSchema>): Promise<{ webhook: WebhookView; secret: string }> {
  requireScopes(actor, writeScopes);
  requireBrowser(actor);
  const args = parseOrThrow(createWebhookSchema, input);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await authorizeProject(tx, actor, args.projectId, "manage");
    return insertEndpoint(tx, args, actor.userId);
  });
}

/**
 * The admin command's way (`npm run admin -- create-webhook`): an operator on the server, who is
 * nobody's member. Null when there is no such project.
 */
export async function createWebhookAsOperator(input: z.input<typeof createWebhookSchema>): Promise<{ webhook: WebhookView; secret: string } | null> {
  const args = parseOrThrow(createWebhookSchema, input);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    if (!(await tx.project.findUnique({ where: { id: args.projectId }, select: { id: true } }))) return null;
    return insertEndpoint(tx, args, null);
  });
}

async function insertEndpoint(tx: Tx, args: z.output<typeof createWebhookSchema>, createdById: string | null) {
  const secret = newWebhookSecret();
  const row = await tx.webhookEndpoint.create({
    data: { projectId: args.projectId, url: args.url, events: args.events ?? [], description: args.description ?? "", secretSealed: sealWebhookSecret(secret), createdById },
  });
  return { webhook: toWebhookView(row), secret };
}

/**
 * Changes an endpoint's URL, kinds or description, or turns it off or on. Turning it on clears the
 * run of failures: what is pending is sent again from the first in order.
 */
export async function updateWebhook(actor: Actor, input: z.input<typeof updateWebhookSchema>): Promise<{ webhook: WebhookView }> {
  requireScopes(actor, writeScopes);
  requireBrowser(actor);
  const args = parseOrThrow(updateWebhookSchema, input);
  const prisma = await getPrisma();
  const row = await prisma.$transaction(async (tx) => {
    const endpoint = await findOwnedEndpoint(tx, actor, args.endpointId);
    const turnedOn = args.enabled === true && !endpoint.enabled;
    return tx.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        ...(args.url !== undefined && { url: args.url }),
        ...(args.events !== undefined && { events: args.events }),
        ...(args.description !== undefined && { description: args.description }),
        ...(args.enabled !== undefined && { enabled: args.enabled, disabledReason: null }),
        ...(turnedOn && { failingSince: null }),
        updatedAt: new Date(),
      },
    });
  });
  return { webhook: toWebhookView(row) };
}

/** Deletes an endpoint with its delivery log; nothing more is sent to it. */
export async function deleteWebhook(actor: Actor, endpointId: string): Promise<{ deleted: true }> {
  requireScopes(actor, writeScopes);
  requireBrowser(actor);
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    const endpoint = await findOwnedEndpoint(tx, actor, endpointId);
    await tx.webhookEndpoint.delete({ where: { id: endpoint.id } });
  });
  return { deleted: true };
}

/** A project's endpoints, oldest first, for its owners. */
export async function listWebhooks(actor: Actor, projectId: string): Promise<WebhookView[]> {
  requireScopes(actor, readScopes);
  requireBrowser(actor);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await authorizeProject(tx, actor, projectId, "manage");
    return (await tx.webhookEndpoint.findMany({ where: { projectId }, orderBy: { createdAt: "asc" } })).map(toWebhookView);
  });
}

/** One endpoint, for its owners. */
export async function getWebhook(actor: Actor, endpointId: string): Promise<WebhookView> {
  requireScopes(actor, readScopes);
  requireBrowser(actor);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => toWebhookView(await findOwnedEndpoint(tx, actor, endpointId)));
}
