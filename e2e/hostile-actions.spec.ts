import { expect, test } from "@playwright/test";
import { addChecklistRows, qaCheckbox, save } from "./support/editor";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject } from "./support/projects";
import { callServerAction, serverActionId } from "./support/server-actions";

/**
 * Server actions receive whatever React's reply format can express, which includes objects that
 * refer to themselves or share parts. Such a payload must be refused quickly, by a person who is
 * signed in but a member of nothing, while the server keeps serving everyone else.
 */
const SAVE_BRIEF = ["saveBriefAction", "components/brief-editor/actions.ts"] as const;
const BRIEF_PAGE = "/projects/no-such-project/briefs/no-such-brief";
// Generous for a busy test machine; before the walk was bounded such a request never answered at all.
const ANSWER_WITHIN_MS = 5_000;

function sharedReferenceParts(levels: number): Record<string, string> {
  // Part n is an object whose two keys both refer to part n+1: 2^levels paths to the leaf.
  // A reference names its part in hexadecimal; the part itself is named in decimal.
  const parts: Record<string, string> = {};
  const ref = (n: number) => `$${n.toString(16)}`;
  for (let n = 2; n < levels + 2; n++) parts[String(n)] = JSON.stringify({ a: ref(n + 1), b: ref(n + 1) });
  parts[String(levels + 2)] = JSON.stringify({ leaf: "x" });
  return parts;
}

const payloads: Array<[string, Record<string, string>]> = [
  [
    "an object that contains itself",
    {
      "0": JSON.stringify(["$1"]),
      "1": JSON.stringify({ briefId: "no-such-brief", idempotencyKey: "k-1", content: { goal: "x", loop: "$1" } }),
    },
  ],
  [
    "shared references 40 levels deep",
    {
      "0": JSON.stringify(["$1"]),
      "1": JSON.stringify({ briefId: "no-such-brief", idempotencyKey: "k-2", content: { goal: "x", tree: "$2" } }),
      ...sharedReferenceParts(40),
    },
  ],
];

for (const [name, parts] of payloads) {
  test(`saveBriefAction refuses ${name} at once and the server keeps answering`, async ({ page, baseURL }) => {
    const stranger = newPerson("Stranger");
    await signUp(page, stranger);
    const actionId = serverActionId(...SAVE_BRIEF);

    const hostile = callServerAction(page.request, { pagePath: BRIEF_PAGE, actionId, parts, origin: baseURL!, timeout: ANSWER_WITHIN_MS });
    // Another person's ordinary request, sent while the hostile one is being handled.
    const bystander = page.context().request.get("/signin", { timeout: ANSWER_WITHIN_MS, maxRedirects: 0 });

    const [answer, other] = await Promise.all([hostile, bystander]);
    expect([200, 307]).toContain(other.status());
    const body = await answer.text();
    expect(answer.status()).toBe(200);
    expect(body).toContain('"code":"VALIDATION_ERROR"');
    expect(body).toContain("a cycle or a shared reference");
    expect(body).not.toMatch(/at \w+ \(/);
  });
}

test("a form action called with something other than a form is refused with a validation error", async ({ page, baseURL }) => {
  await signUp(page, newPerson("Prober"));
  const actionId = serverActionId("addCommentAction", "components/brief-editor/actions.ts");
  const answer = await callServerAction(page.request, { pagePath: BRIEF_PAGE, actionId, parts: { "0": "[null]" }, origin: baseURL! });
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toContain('"code":"VALIDATION_ERROR"');
});

test("signing in through the password provider's id as an outside provider is refused without an error page", async ({ page, baseURL }) => {
  const actionId = serverActionId("signInWithProvider", "components/auth/actions.ts");
  const answer = await callServerAction(page.request, {
    pagePath: "/signin",
    actionId,
    parts: { "0": JSON.stringify(["$K1"]), "1_provider": "credentials", "1_callbackUrl": "/projects" },
    origin: baseURL!,
  });
  expect(answer.status()).toBeLessThan(500);
  expect(answer.headers()["x-action-redirect"] ?? "").toMatch(/^\/signin/);
});

test("a version number past what the database holds is a missing page, not a server error", async ({ page }) => {
  await signUp(page, newPerson("Vera"));
  const projectId = await createProject(page, "Numbers");
  const briefId = await createBrief(page, projectId, "Big numbers");
  for (const versionNum of ["2147483648", "99999999999999999999", "1e3", "-1", "7"]) {
    // The page streams behind its loading state, so a missing version shows the not-found page
    // (the status line has gone out by then); a server error would show the error page instead.
    const response = await page.goto(`/projects/${projectId}/briefs/${briefId}/versions/${versionNum}`);
    expect(response!.status(), versionNum).toBeLessThan(500);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" }), versionNum).toBeVisible();
  }
});

test("a checklist body that is not valid UTF-8 is refused and the row keeps its text", async ({ page, baseURL }) => {
  await signUp(page, newPerson("Uma"));
  const projectId = await createProject(page, "Bytes");
  const briefId = await createBrief(page, projectId, "Encoding");
  await addChecklistRows(page, ["Row one"]);
  await save(page, 2);
  const json = (expectedText: Buffer) =>
    Buffer.concat([Buffer.from('{"index":0,"expectedText":"'), expectedText, Buffer.from('","checked":true,"idempotencyKey":"utf8-1"}')]);
  const answer = await page.request.post(`/api/briefs/${briefId}/checklist`, {
    headers: { "Content-Type": "application/json", Origin: baseURL! },
    data: json(Buffer.from([0x52, 0x6f, 0x77, 0xff, 0x6f, 0x6e, 0x65])),
  });
  expect(answer.status()).toBe(400);
  expect(await answer.json()).toMatchObject({ ok: false, error: { code: "VALIDATION_ERROR", details: { issues: [{ message: "The body is not valid UTF-8." }] } } });
  await page.reload();
  await expect(qaCheckbox(page, "Row one")).not.toBeChecked();
});
