import type { Actor } from "@/lib/auth/actor";
import { saveBriefAsTemplate } from "@/lib/templates/save-brief-as-template";
import { listTemplates } from "@/lib/templates/list-templates";
import { uniqueKey } from "../support/fixtures";

/** Template helpers for the service tests: a made-up idempotency key unless the test gives one. */
export async function saveAsTemplate(actor: Actor, args: { briefId: string; name: string; description?: string; idempotencyKey?: string }) {
  return (await saveBriefAsTemplate(actor, { ...args, idempotencyKey: args.idempotencyKey ?? uniqueKey() })).result.template;
}

export async function templateNames(actor: Actor, projectId: string): Promise<string[]> {
  return (await listTemplates(actor, { projectId })).map((t) => t.name);
}

export const builtInNames = ["Product requirements", "Bug fix", "Technical design", "Experiment"];
