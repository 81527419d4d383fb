import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { freePort, startAppServer, waitForHealth, type AppServer } from "../tests/support/app-server";
import { briefFilledByAgent } from "./support/brief-filled-by-agent";
import { editorUrl, historyPanel } from "./support/editor";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { newPerson, signIn, signUp } from "./support/people";
import { onDatabase, postgresUrl } from "./support/postgres-instances";
import { e2ePort, serverLogFile } from "./support/servers";

/** A 1×1 PNG: the screenshot that must come back byte for byte. */
const tinyPng = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

const content = {
  goal: "Customers export their invoices for their accountant.",
  acceptanceCriteria: [{ id: "AC-1", text: "A CSV file downloads" }],
};

/** What a person sees of the brief: its title, goal, versions in the history, and the proof with its file. */
async function whatTheBriefShows(page: Page, projectId: string, briefId: string) {
  await page.goto(editorUrl(projectId, briefId));
  const criterion = page.getByTestId("criterion").filter({ hasText: "AC-1" });
  await expect(criterion.getByTestId("criterion-status")).toContainText("Proven");
  const fileLink = criterion.getByTestId("evidence").getByRole("link", { name: /Open the file/ });
  const versions = historyPanel(page).getByTestId("history-item");
  await expect(versions.first()).toBeVisible();
  return {
    title: await page.getByRole("heading", { level: 1 }).textContent(),
    goal: await page.getByText(content.goal).count(),
    versions: await versions.allTextContents(),
    evidence: await criterion.getByTestId("evidence").textContent(),
    fileUrl: new URL((await fileLink.getAttribute("href"))!).pathname,
  };
}

test.describe("backup and restore, as an operator moves a team to PostgreSQL", () => {
  test.skip(!postgresUrl, "The restore goes into PostgreSQL: set TEST_DATABASE_URL.");
  let moved: AppServer | undefined;
  let database: string | undefined;
  test.afterAll(async () => {
    await moved?.stop();
    if (database) await onDatabase(postgresUrl!, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  });

  test("a brief with evidence, backed up from the running server and restored into PostgreSQL, reads the same to the same person", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const pam = newPerson("Pam");
    await signUp(page, pam);
    const { token, projectId, briefId } = await briefFilledByAgent(page, { token: "Agent", project: "Billing", brief: "Invoice export" }, content);
    await callMcpTool(page.request, token, "brief_evidence_add", {
      briefId,
      criterionIds: ["AC-1"],
      kind: "screenshot",
      result: "pass",
      summary: "The CSV downloads",
      file: { name: "download.png", mediaType: "image/png", base64: tinyPng.toString("base64") },
      idempotencyKey: newIdempotencyKey(),
    });
    const before = await whatTheBriefShows(page, projectId, briefId);

    // The operator's backup, while the main server runs on its embedded database.
    const archive = test.info().outputPath("move.tar.gz");
    const tsx = path.join("node_modules", ".bin", "tsx");
    const backup = spawnSync(tsx, ["scripts/admin.ts", "backup", "--out", archive], {
      env: { ...process.env, BRIEFS_DATA_DIR: `test-results/e2e-data-${e2ePort}`, DATABASE_URL: "" },
      encoding: "utf8",
    });
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toContain("through the running server");

    database = `briefs_e2e_moved_${crypto.randomBytes(4).toString("hex")}`;
    await onDatabase(postgresUrl!, `CREATE DATABASE "${database}"`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${database}`;
    const restore = spawnSync(tsx, ["scripts/admin.ts", "restore", archive], { env: { ...process.env, DATABASE_URL: url.toString() }, encoding: "utf8" });
    expect(restore.stderr).toBe("");
    expect(restore.status).toBe(0);

    // The moved server: PostgreSQL, the same AUTH_SECRET as before (an archive carries only a stored secret).
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    moved = startAppServer(
      port,
      { DATABASE_URL: url.toString(), APP_URL: origin, AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret", BRIEFS_SEED_DEMO: "0", SMTP_URL: "", NEXT_TELEMETRY_DISABLED: "1" },
      serverLogFile(origin),
    );
    await waitForHealth(moved, origin);

    const context = await browser.newContext({ baseURL: origin });
    const after = await context.newPage();
    await signIn(after, pam);
    expect(await whatTheBriefShows(after, projectId, briefId)).toEqual(before);
    // The screenshot is the same image, byte for byte.
    const served = await after.request.get(before.fileUrl);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(Buffer.from(await served.body()).equals(tinyPng)).toBe(true);
    // The file is served as a download; fetched by the signed-in page, it decodes as the 1×1 image it was.
    const width = await after.evaluate(async (url) => (await createImageBitmap(await (await fetch(url)).blob())).width, before.fileUrl);
    expect(width).toBe(1);
    await context.close();
  });
});
