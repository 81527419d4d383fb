// Fills the database named by DATABASE_URL or BRIEFS_DATA_DIR through the app's own services with a
// little of everything a backup must carry: people, a project with members, briefs with history
// (edits, ticks, an approval, a restore, an accepted and an open proposal, a closed brief), evidence
// files whose bytes cover every byte value, a finding, a share link, a watch, a webhook with its
// sealed secret, an API token, and the demo seed. Prints one line of JSON: what the test checks later.
import crypto from "node:crypto";
import { actorLabel } from "@/lib/auth/actor";
import { allScopes } from "@/lib/auth/scopes";
import type { Actor } from "@/lib/auth/actor";
import { approveBrief } from "@/lib/briefs/approve-brief";
import { createBrief } from "@/lib/briefs/create-brief";
import { getBriefFull } from "@/lib/briefs/get-brief-full";
import { restoreBriefVersion } from "@/lib/briefs/restore-brief-version";
import { transitionBrief } from "@/lib/briefs/transition-brief";
import { updateBrief } from "@/lib/briefs/update-brief";
import { updateChecklistItem } from "@/lib/briefs/update-checklist-item";
import { EVIDENCE_FILE_MAX_BYTES_WEB } from "@/lib/contract/bounds";
import { getPrisma } from "@/lib/db/client";
import { seedDemo } from "@/lib/demo/seed-demo";
import { setWatching } from "@/lib/notifications/watch-brief";
import { decideProposal } from "@/lib/proposals/decide-proposal";
import { proposeChange } from "@/lib/proposals/propose-change";
import { createShare } from "@/lib/shares/manage-shares";
import { saveBriefAsTemplate } from "@/lib/templates/save-brief-as-template";
import { authenticateApiToken } from "@/lib/tokens/authenticate-api-token";
import { createApiToken } from "@/lib/tokens/create-api-token";
import { createWebhookAsOperator } from "@/lib/webhooks/manage-webhooks";
import { runDatabaseScript } from "../support/database-script";
import { addMember, newProject, newUser, uniqueKey, viaToken } from "../support/fixtures";
import { base64File, evidence, failRow, PNG } from "../support/evidence";
import { readyContent, type Content } from "../support/ready-content";

// The service calls of tests/support/briefs.ts, which a process outside vitest cannot import.
const k = () => ({ idempotencyKey: uniqueKey() });
const newBrief = async (actor: Actor, projectId: string, content: Content, title: string) =>
  (await createBrief(actor, { projectId, title, content, ...k() } as never)).result.brief;
const update = (actor: Actor, args: { briefId: string; content: Content }) => updateBrief(actor, { ...args, ...k() } as never);
const toggle = (actor: Actor, args: { briefId: string; index: number; expectedText: string; checked: boolean }) => updateChecklistItem(actor, { ...args, ...k() });
const approve = (actor: Actor, args: { briefId: string }) => approveBrief(actor, { ...args, ...k() });
const transition = (actor: Actor, args: Parameters<typeof transitionBrief>[1] extends infer A ? Omit<A, "idempotencyKey"> : never) =>
  transitionBrief(actor, { ...args, ...k() } as Parameters<typeof transitionBrief>[1]);
const propose = (actor: Actor, args: { briefId: string; baseVersionNum: number; changes: Content; summary?: string }) =>
  proposeChange(actor, { summary: "A suggestion", ...args, ...k() });
const decide = (actor: Actor, args: { briefId: string; proposalId: string; decision: "accept" | "reject" | "withdraw" }) => decideProposal(actor, { ...args, ...k() });

const current = async (id: string) => (await (await getPrisma()).brief.findUniqueOrThrow({ where: { id } })).versionNum;

async function main(): Promise<void> {
  const [alice, bob] = [await newUser("Alice Ångström"), await newUser("Bob")];
  const projectId = await newProject(alice, "Billing ✓ «backup»");
  await addMember(projectId, bob, "editor");

  // Text a careless export would mangle: line breaks, quotes, backslashes, non-BMP characters, U+2028.
  const awkward = 'Line one\nline two\t"quoted" \\ back\\slash — ünïcödé 🎉 \u2028 end';
  const brief = await newBrief(
    alice,
    projectId,
    readyContent({ scope: awkward, customerNotes: { priority: "high", weights: [1, 2.5, -0.125, 1e21, null, true], "key with spaces": {} } }),
    `Invoice export — ${awkward.slice(0, 20)}`,
  );
  await toggle(alice, { briefId: brief.id, index: 1, expectedText: "PDF renders", checked: true });
  await update(alice, { briefId: brief.id, content: readyContent({ goal: "Export invoices, also in bulk.", scope: awkward }) });
  await transition(alice, { briefId: brief.id, to: "in_review" });
  await approve(alice, { briefId: brief.id });
  await restoreBriefVersion(alice, { briefId: brief.id, versionNum: 1, ifVersionNum: await current(brief.id), ...k() });

  const agent = viaToken(bob, ["brief:read", "brief:propose"], "reviewer-bot");
  const accepted = await propose(agent, { briefId: brief.id, baseVersionNum: await current(brief.id), changes: { requirements: ["Export as CSV", "Export as PDF", "Export as XLSX"] } });
  await decide(alice, { briefId: brief.id, proposalId: String(accepted.result.proposal.id), decision: "accept" });
  await propose(agent, { briefId: brief.id, baseVersionNum: await current(brief.id), changes: { goal: "Let customers export everything." }, summary: "Broader goal" });

  // Every byte value, in a file whose header says PDF; and a real PNG.
  const allBytes = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), crypto.randomBytes(64 * 1024)]);
  const pdf = await evidence(bob, { briefId: brief.id, criterionIds: ["AC-1"], kind: "document", result: "pass", file: base64File(allBytes, "application/pdf", "report.pdf") }, EVIDENCE_FILE_MAX_BYTES_WEB);
  await evidence(bob, { briefId: brief.id, criterionIds: ["AC-1"], kind: "screenshot", result: "pass", file: base64File(PNG, "image/png", "CSV ✓.png") });
  await failRow(bob, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", criterionIds: ["AC-1"] });
  await createShare(alice, { briefId: brief.id, versionNum: 2 });
  await setWatching(bob, brief.id, true);
  // A template beside the built-ins: its content (awkward text, an unknown key) kept as written.
  await saveBriefAsTemplate(alice, { briefId: brief.id, name: "Invoice work «backup»", ...k() });

  const drafting = await newBrief(bob, projectId, { goal: "A draft nobody finished." }, "Draft");
  await update(bob, { briefId: drafting.id, content: { goal: "A draft nobody finished, yet.", _draft: { note: "scratch" } } });
  const closed = await newBrief(alice, projectId, readyContent(), "Old idea");
  await transition(alice, { briefId: closed.id, to: "closed", reason: "Replaced by the invoice export" });

  const { token } = await createApiToken(alice, { name: "ci bot", scopes: [...allScopes] });
  const webhook = await createWebhookAsOperator({ projectId, url: "https://hooks.example.com/briefs" });
  if (!webhook) throw new Error("no webhook");
  await seedDemo();

  // The brief as the token's holder reads it, to compare with what it reads after a restore.
  const holder = await authenticateApiToken(token);
  if (!holder) throw new Error("the new token does not authenticate");
  const view = await getBriefFull(holder, { briefId: brief.id });

  const fileId = String((pdf.result.evidence.file as { id: string }).id);
  console.log(
    JSON.stringify({
      token,
      email: alice.email,
      userId: alice.userId,
      label: actorLabel({ email: alice.email, tokenName: "ci bot" }),
      briefId: brief.id,
      fileId,
      fileSha256: crypto.createHash("sha256").update(allBytes).digest("hex"),
      webhookId: webhook.webhook.id,
      webhookSecret: webhook.secret,
      view,
    }),
  );
}

runDatabaseScript(main);
