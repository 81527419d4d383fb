import { completable, type GetPromptResult, type McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { exportBrief } from "@/lib/briefs/export-brief";
import { completeBriefIdFor, briefUri, MARKDOWN } from "./brief-resources";
import { implementBriefText, qaPassText, reviewBriefText, type PromptBrief } from "./prompt-texts";
import { protocolErrorOf } from "./protocol-errors";

const FOCUS_MAX = 1000;

// Built once: a server is made per request, and completion needs a fresh copy of briefId per caller.
const briefIdArgument = z.string().min(1).describe("The brief: type part of its title or id to pick one.");
const focusArgument = z.string().max(FOCUS_MAX).optional().describe("Optional: what to look at hardest, e.g. permissions or error cases.");

/**
 * The brief, attached as the resource `brief://{briefId}` is (its Markdown now), then the task. A brief
 * the caller cannot read is an error and shows nothing of it.
 */
async function withBrief(actor: Actor, briefId: string, name: string, task: (brief: PromptBrief) => string): Promise<GetPromptResult> {
  let exported;
  try {
    exported = await exportBrief(actor, { briefId });
  } catch (error) {
    throw protocolErrorOf(error, `mcp prompts/get ${name}`);
  }
  const brief = { briefId: exported.briefId, versionNum: exported.versionNum };
  return {
    messages: [
      { role: "user", content: { type: "resource", resource: { uri: briefUri(brief.briefId), mimeType: MARKDOWN, text: exported.markdown } } },
      { role: "user", content: { type: "text", text: task(brief) } },
    ],
  };
}

/** Prompts a person starts from their client (docs/contract.md#resources-and-prompts); each takes a briefId that completes. */
export function registerBriefPrompts(server: McpServer, actor: Actor): void {
  // completable marks the schema it is given, so each caller's completion gets its own copy.
  const briefId = completable(briefIdArgument.clone(), completeBriefIdFor(actor));
  // A prompt whose one argument is the brief.
  const onBrief = (name: string, text: { title: string; description: string }, task: (brief: PromptBrief) => string) =>
    server.registerPrompt(name, { ...text, argsSchema: z.object({ briefId }) }, (args) => withBrief(actor, args.briefId, name, task));

  onBrief(
    "implement_brief",
    {
      title: "Implement a brief",
      description: "Build what a brief asks in this codebase, prove each acceptance criterion and tick the QA checklist as you go.",
    },
    implementBriefText,
  );
  server.registerPrompt(
    "review_brief",
    {
      title: "Review a brief's requirements",
      description:
        "Judge whether a brief's requirements are complete, clear, consistent, measurable and cover edge cases; suggest changes as proposals.",
      argsSchema: z.object({ briefId, focus: focusArgument }),
    },
    (args) => withBrief(actor, args.briefId, "review_brief", (brief) => reviewBriefText(brief, args.focus?.trim() || undefined)),
  );
  onBrief(
    "qa_pass",
    {
      title: "QA pass over a brief",
      description: "Test the product against a brief's QA checklist and acceptance criteria and record each result.",
    },
    qaPassText,
  );
}
