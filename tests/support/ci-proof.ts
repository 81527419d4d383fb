import crypto from "node:crypto";
import { getPrisma } from "@/lib/db/client";
import type { ActionsClaims } from "@/lib/ci-proof/verify-actions-token";

/**
 * What a connected repository's pull request looks like once GitHub's webhooks were processed: the
 * rows the GitHub integration writes, made directly for tests of what reads them.
 */
export async function connectedPullRequest(projectId: string, options: { repository?: string; number?: number; headSha?: string; state?: string } = {}) {
  const prisma = await getPrisma();
  const fullName = options.repository ?? `octo/shop-${crypto.randomBytes(3).toString("hex")}`;
  await prisma.githubRepository.upsert({ where: { projectId_fullName: { projectId, fullName } }, create: { projectId, fullName, installationId: 42n }, update: {} });
  const number = options.number ?? 7;
  const headSha = options.headSha ?? sha();
  const pullRequest = await prisma.githubPullRequest.create({
    data: { fullName, number, url: `https://github.com/${fullName}/pull/${number}`, title: "Checkout", state: options.state ?? "open", headSha, headRef: "feature", authorLogin: "octocat" },
  });
  return { fullName, number, headSha, id: pullRequest.id };
}

export async function linkTicket(pullRequestId: string, briefId: string, ticketId: string): Promise<void> {
  const prisma = await getPrisma();
  await prisma.githubTicketLink.create({ data: { pullRequestId, briefId, ticketId, closing: false } });
}

/** A new push to the pull request's branch. */
export async function pushHead(pullRequestId: string, headSha = sha()): Promise<string> {
  const prisma = await getPrisma();
  await prisma.githubPullRequest.update({ where: { id: pullRequestId }, data: { headSha } });
  return headSha;
}

export function sha(): string {
  return crypto.randomBytes(20).toString("hex");
}

let runs = 5000;

/** Verified claims of a pull_request run on the pull request's merge ref. */
export function claimsFor(pullRequest: { fullName: string; number: number }, more: Partial<ActionsClaims> = {}): ActionsClaims {
  return { repository: pullRequest.fullName, ref: `refs/pull/${pullRequest.number}/merge`, sha: sha(), workflow: "CI", runId: String(++runs + Math.floor(Math.random() * 1e9)), runAttempt: 1, ...more };
}

type Case = { name: string; classname?: string; outcome?: "pass" | "failure" | "error" | "skipped"; message?: string };

/** A JUnit report: suites nested as test runners write them. */
export function junit(cases: Case[], options: { nested?: boolean } = {}): string {
  const body = cases
    .map((c) => {
      const inner = !c.outcome || c.outcome === "pass" ? "" : c.outcome === "skipped" ? "<skipped/>" : `<${c.outcome} message="${c.message ?? "expected true"}">stack</${c.outcome}>`;
      return `<testcase name="${c.name}" classname="${c.classname ?? "checkout.spec"}" time="0.01">${inner}</testcase>`;
    })
    .join("\n");
  const suite = `<testsuite name="checkout" tests="${cases.length}">${body}</testsuite>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="jest">${options.nested ? `<testsuite name="outer">${suite}</testsuite>` : suite}</testsuites>`;
}
