import crypto from "node:crypto";
import { expect, type Browser, type Page } from "@playwright/test";
import { editorUrl, editUrl } from "./editor";
import { callMcpTool, newIdempotencyKey } from "./mcp";
import { startCallbackListener } from "./oauth";
import { baseURL } from "./servers";
import { newPerson, signUp, type Person } from "./people";
import { createBrief, createProject, inviteMember } from "./projects";
import { createApiToken } from "./tokens";

/**
 * Every page of the app, filled with data, for the checks that go over all of them (accessibility,
 * narrow screens). A new page goes into `appPages` and those checks cover it.
 *
 * The data is written with long unbroken words everywhere a person or an agent can type one
 * (names, titles, section text, comments, token names), because those are what push a narrow page
 * sideways.
 */

/** An unbroken word of `length` characters that reads like what people paste: a ticket key, a URL. */
export function longWord(prefix: string, length = 120): string {
  return `${prefix}-${"x".repeat(Math.max(0, length - prefix.length - 1))}`;
}

export type AppData = {
  owner: Person;
  viewer: Person;
  projectId: string;
  briefId: string;
  /** The brief's versions: 1 (created), 2 (an agent's content), 3 (an agent's checklist tick). */
  latestVersion: number;
  tokenName: string;
  clientName: string;
  /** An open proposal of the brief, against version 2. */
  proposalId: string;
  browsers: { owner: Page; viewer: Page; guest: Page };
};

type Role = keyof AppData["browsers"];

export type AppPage = {
  name: string;
  /** Who looks at it: a signed-out guest, the project's owner, or a viewer of the project. */
  as: Role;
  /** Opens the page and waits until its content is there. */
  open: (page: Page, data: AppData) => Promise<void>;
};

const heading = (page: Page, name: string | RegExp) => expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

async function openVersion(page: Page, data: AppData, path: string) {
  await page.goto(`${editorUrl(data.projectId, data.briefId)}/versions/${path}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Version");
}

export const appPages: AppPage[] = [
  {
    name: "sign-in",
    as: "guest",
    open: async (page) => {
      await page.goto("/signin");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    },
  },
  {
    name: "sign-in after a refused password",
    as: "guest",
    open: async (page, data) => {
      await page.goto("/signin");
      await page.getByLabel("Email").fill(data.owner.email);
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
    },
  },
  {
    name: "sign-up",
    as: "guest",
    open: async (page) => {
      await page.goto("/signup");
      await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
    },
  },
  {
    name: "sign-up with field errors",
    as: "guest",
    open: async (page) => {
      await page.goto("/signup");
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByLabel("Password").fill("short");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByText("Enter a valid email address.")).toBeVisible();
    },
  },
  {
    name: "projects list",
    as: "owner",
    open: async (page) => {
      await page.goto("/projects");
      await heading(page, "Projects");
    },
  },
  {
    name: "project page",
    as: "owner",
    open: async (page, data) => {
      await page.goto(`/projects/${data.projectId}`);
      await expect(page.getByRole("list", { name: "Briefs" })).toBeVisible();
    },
  },
  {
    name: "project page (viewer)",
    as: "viewer",
    open: async (page, data) => {
      await page.goto(`/projects/${data.projectId}`);
      await expect(page.getByRole("list", { name: "Briefs" })).toBeVisible();
    },
  },
  {
    name: "import with its preview",
    as: "owner",
    open: async (page, data) => {
      await page.goto(`/projects/${data.projectId}/import`);
      const markdown = `# ${longWord("IMPORT")}\n\n## Goal\n\n${longWord("GOAL")}\n\n## ${longWord("KEPT")}\n\nKept text.\n\n### ${longWord("INSIDE")}\n\n## QA\n\n- [x] ${longWord("ROW")}\n`;
      await page.getByLabel("Choose files").setInputFiles({ name: `${longWord("file", 60)}.md`, mimeType: "text/markdown", buffer: Buffer.from(markdown) });
      await page.getByRole("button", { name: "Preview", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Preview: 1 brief" })).toBeVisible();
    },
  },
  {
    name: "import (viewer)",
    as: "viewer",
    open: async (page, data) => {
      await page.goto(`/projects/${data.projectId}/import`);
      await expect(page.getByText("You can’t import into this project")).toBeVisible();
    },
  },
  {
    name: "brief page (reading)",
    as: "owner",
    open: async (page, data) => {
      await page.goto(editorUrl(data.projectId, data.briefId));
      await expect(page.getByTestId("brief-version")).toContainText(`Version ${data.latestVersion}`);
      await expect(page.getByTestId("brief-document")).toBeVisible();
    },
  },
  {
    name: "brief page (editing)",
    as: "owner",
    open: async (page, data) => {
      await page.goto(editUrl(data.projectId, data.briefId));
      await expect(page.getByTestId("brief-version")).toContainText(`Version ${data.latestVersion}`);
      await expect(page.getByTestId("save-status")).toBeVisible();
    },
  },
  {
    name: "brief page (viewer's document view)",
    as: "viewer",
    open: async (page, data) => {
      await page.goto(editorUrl(data.projectId, data.briefId));
      await expect(page.getByTestId("brief-version")).toContainText(`Version ${data.latestVersion}`);
    },
  },
  {
    name: "brief page, comments tab",
    as: "owner",
    open: async (page, data) => {
      await page.goto(editorUrl(data.projectId, data.briefId));
      await page.getByRole("tablist", { name: "Collections" }).getByRole("tab", { name: /^Comments\b/ }).click();
      await expect(page.getByTestId("history").getByRole("tabpanel").getByTestId("history-item").first()).toBeVisible();
    },
  },
  { name: "version page (first version)", as: "owner", open: (page, data) => openVersion(page, data, "1") },
  { name: "version page (current version)", as: "owner", open: (page, data) => openVersion(page, data, String(data.latestVersion)) },
  { name: "version page (viewer)", as: "viewer", open: (page, data) => openVersion(page, data, "2") },
  {
    name: "proposals of a brief",
    as: "owner",
    open: async (page, data) => {
      await page.goto(`${editorUrl(data.projectId, data.briefId)}/proposals`);
      await expect(page.getByTestId("proposal-row").first()).toBeVisible();
    },
  },
  {
    name: "proposal review",
    as: "owner",
    open: async (page, data) => {
      await page.goto(`${editorUrl(data.projectId, data.briefId)}/proposals/${data.proposalId}`);
      await expect(page.getByRole("button", { name: "Accept all" })).toBeVisible();
    },
  },
  {
    name: "proposal review (viewer)",
    as: "viewer",
    open: async (page, data) => {
      await page.goto(`${editorUrl(data.projectId, data.briefId)}/proposals/${data.proposalId}`);
      await expect(page.getByTestId("proposal-section-requirements")).toBeVisible();
    },
  },
  {
    name: "trace of a brief",
    as: "owner",
    open: async (page, data) => {
      await page.goto(`${editorUrl(data.projectId, data.briefId)}/trace`);
      await expect(page.getByTestId("trace-gap").first()).toBeVisible();
    },
  },
  {
    name: "trace of a brief (viewer)",
    as: "viewer",
    open: async (page, data) => {
      await page.goto(`${editorUrl(data.projectId, data.briefId)}/trace`);
      await expect(page.getByTestId("trace-criterion").first()).toBeVisible();
    },
  },
  {
    name: "templates of a project",
    as: "owner",
    open: async (page, data) => {
      await page.goto(`/projects/${data.projectId}/templates`);
      await expect(page.getByTestId("template-card").first()).toBeVisible();
    },
  },
  {
    name: "templates of a project (viewer)",
    as: "viewer",
    open: async (page, data) => {
      await page.goto(`/projects/${data.projectId}/templates`);
      await expect(page.getByTestId("template-card").first()).toBeVisible();
    },
  },
  {
    name: "settings: API tokens",
    as: "owner",
    open: async (page, data) => {
      await page.goto("/settings/tokens");
      await expect(page.getByText(data.tokenName, { exact: true })).toBeVisible();
    },
  },
  {
    name: "settings: connected apps",
    as: "owner",
    open: async (page, data) => {
      await page.goto("/settings/connected-apps");
      await expect(page.getByText(data.clientName, { exact: true })).toBeVisible();
    },
  },
  {
    name: "settings: account",
    as: "owner",
    open: async (page) => {
      await page.goto("/settings/account");
      await heading(page, "Account");
    },
  },
  {
    name: "not found",
    as: "owner",
    open: async (page) => {
      await page.goto("/projects/no-such-project");
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    },
  },
  {
    name: "OAuth consent",
    as: "owner",
    open: async (page, data) => {
      await page.goto(await authorizationUrl(page, data.clientName, "http://127.0.0.1:9/callback"));
      await expect(page.getByRole("heading", { name: "Connect an application to your briefs" })).toBeVisible();
    },
  },
  {
    name: "OAuth request that cannot be accepted",
    as: "owner",
    open: async (page) => {
      await page.goto("/oauth/authorize?client_id=x");
      await expect(page.getByText("cannot be accepted")).toBeVisible();
    },
  },
];

/** Signs everyone up and writes the data the pages show, most of it through an agent's token. */
export async function createAppData(browser: Browser): Promise<AppData> {
  const open = async () => (await browser.newContext()).newPage();
  const browsers = { owner: await open(), viewer: await open(), guest: await open() };
  const { owner: page } = browsers;
  const owner = newPerson(longWord("Owner", 60));
  const viewer = newPerson(longWord("Viewer", 60));
  await signUp(page, owner);
  await signUp(browsers.viewer, viewer);

  const projectId = await createProject(page, longWord("PROJECT", 150));
  await inviteMember(page, projectId, viewer.email, "viewer");
  const briefId = await createBrief(page, projectId, longWord("TICKET", 200));
  const tokenName = longWord("agent-token", 100);
  const token = await createApiToken(page, tokenName, ["brief:read", "brief:write"]);

  const url = longWord("https://example.test/docs", 160);
  await callMcpTool(page.request, token, "brief_update", {
    briefId,
    ifVersionNum: 1,
    idempotencyKey: newIdempotencyKey(),
    content: {
      goal: `Ship ${longWord("GOAL", 200)} and read ${url}`,
      scope: longWord("SCOPE", 300),
      requirements: [longWord("REQ", 180), "A short requirement."],
      acceptanceCriteria: [{ id: longWord("AC", 150), text: longWord("criterion", 200) }],
      testingQaChecklist: [{ text: longWord("check", 200), checked: false }],
      generatedTickets: [{ id: "T-1", title: longWord("ticket-title", 200), description: url, boundCriteria: [], boundRequirements: [] }],
      decisions: [{ text: longWord("decision", 180), source: url, stated: true }],
      sourceArtifactLinks: [{ label: url, kind: longWord("kind", 150), read: false }],
      openQuestions: [longWord("question", 250)],
    },
  });
  await callMcpTool(page.request, token, "brief_checklist_update", {
    briefId,
    index: 0,
    expectedText: longWord("check", 200),
    checked: true,
    idempotencyKey: newIdempotencyKey(),
  });
  const { proposal } = (await callMcpTool(page.request, token, "brief_propose", {
    briefId,
    baseVersionNum: 2,
    summary: `Reword ${longWord("SUMMARY", 200)}`,
    changes: { goal: `Ship ${longWord("NEWGOAL", 220)} and read ${url}`, requirements: [longWord("REQ", 180), longWord("NEWREQ", 190)] },
    idempotencyKey: newIdempotencyKey(),
  })) as { proposal: { id: string } };
  await callMcpTool(page.request, token, "brief_collection_append", {
    briefId,
    collection: "comments",
    item: { body: `See ${url}` },
    idempotencyKey: newIdempotencyKey(),
  });

  const clientName = longWord("Connected-application", 90);
  await connectApplication(page, clientName);
  return { owner, viewer, projectId, briefId, latestVersion: 3, tokenName, clientName, proposalId: proposal.id, browsers };
}

/** Registers an OAuth client (Dynamic Client Registration) and returns an authorization URL for it. */
async function authorizationUrl(page: Page, clientName: string, redirectUri: string): Promise<string> {
  const registered = await page.request.post("/api/oauth/register", {
    data: { client_name: clientName, redirect_uris: ["http://127.0.0.1/callback"], grant_types: ["authorization_code", "refresh_token"], token_endpoint_auth_method: "none" },
  });
  expect(registered.status()).toBe(201);
  const { client_id } = await registered.json();
  const challenge = crypto.createHash("sha256").update(crypto.randomBytes(32).toString("base64url")).digest("base64url");
  const query = new URLSearchParams({
    client_id,
    redirect_uri: redirectUri,
    response_type: "code",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: crypto.randomUUID(),
    resource: `${baseURL}/api/mcp`,
    scope: "brief:read brief:write",
  });
  return `/oauth/authorize?${query}`;
}

/** The owner allows an application, so Settings → Connected apps lists one. */
async function connectApplication(page: Page, clientName: string): Promise<void> {
  const listener = await startCallbackListener();
  try {
    await page.goto(await authorizationUrl(page, clientName, listener.redirectUri));
    const sentBack = page.waitForURL((url) => url.toString().startsWith(listener.redirectUri));
    await page.getByRole("button", { name: "Allow" }).click();
    await sentBack;
  } finally {
    await listener.close();
  }
}
