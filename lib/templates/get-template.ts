import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { z } from "zod";
import { findTemplate } from "./find-template";
import type { TemplateView } from "./template-schema";
import { toTemplateView } from "./template-view";

const argsSchema = z.strictObject({ templateId: z.string().min(1) });

export async function getTemplate(actor: Actor, input: z.input<typeof argsSchema>): Promise<TemplateView> {
  requireScopes(actor, readScopes);
  const { templateId } = parseOrThrow(argsSchema, input);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => toTemplateView(await findTemplate(tx, actor, templateId, "read")));
}
