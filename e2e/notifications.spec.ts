import { expect, test } from "@playwright/test";
import { editorUrl, historyPanel, historyTab } from "./support/editor";
import { mailsTo } from "./support/mail-log";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject, inviteMember } from "./support/projects";

test("a mention picked from the comment box raises the bell live and is mailed; the mail's unsubscribe link works signed out", async ({ page: ana, browser, baseURL }) => {
  const anaPerson = newPerson("Ana");
  const benPerson = newPerson("Ben");
  const benContext = await browser.newContext({ baseURL });
  const ben = await benContext.newPage();
  try {
    await signUp(ben, benPerson);
    await signUp(ana, anaPerson);
    const projectId = await createProject(ana, "Mentions");
    await inviteMember(ana, projectId, benPerson.email, "editor");
    const briefId = await createBrief(ana, projectId, "Talk to me");

    // Ben waits on his projects page; his bell shows nothing unread.
    await ben.goto(`/projects/${projectId}`);
    const bell = ben.getByTestId("notification-count");
    await expect(bell).toHaveText("0");

    // Ana types "@Be" in a comment and picks Ben from the members offered.
    await ana.goto(editorUrl(projectId, briefId));
    await historyTab(ana, "Comments").click();
    const box = historyPanel(ana).getByRole("combobox", { name: "Comment" });
    await box.fill("Can you check this, ");
    await box.pressSequentially("@Be");
    await ana.getByRole("option", { name: new RegExp(benPerson.email.replace(/[.+]/g, "\\$&")) }).click();
    await expect(box).toHaveValue(`Can you check this, @${benPerson.email} `);
    await box.pressSequentially("please?");
    await historyPanel(ana).getByRole("button", { name: "Add comment" }).click();
    await expect(historyPanel(ana)).toContainText(`@${benPerson.email} please?`);

    // Ben's bell rises without a reload, and the inbox names the comment.
    await expect(bell).toHaveText("1", { timeout: 15_000 });
    const mentions = async () => (await mailsTo(baseURL!, benPerson.email)).filter((m) => m.subject.includes("mentioned you"));
    await expect.poll(async () => (await mentions()).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await mentions();
    expect(mail.subject).toBe(`${anaPerson.name} mentioned you in a comment on “Talk to me”`);
    await bell.click();
    const item = ben.getByRole("listitem", { name: `Unread: ${anaPerson.name} mentioned you in a comment on “Talk to me”` });
    await expect(item).toBeVisible();
    await ben.getByRole("button", { name: "Mark all read" }).click();
    await expect(bell).toHaveText("0");

    // A mail program that opens its List-Unsubscribe address in a browser, rather than POSTing to it,
    // gets the page the mail's own link opens, which asks first; opening it changes nothing.
    const stranger = await (await browser.newContext({ baseURL })).newPage();
    const listUnsubscribe = /^<(\S+)>$/.exec(mail.headers["List-Unsubscribe"])![1];
    expect((await stranger.request.get(listUnsubscribe, { maxRedirects: 0 })).status()).toBe(303);
    const fetched = await stranger.request.get(listUnsubscribe);
    expect(fetched.status()).toBe(200);
    expect(await fetched.text()).toMatch(/Stop these mails\?[\s\S]*>Unsubscribe<\/button>/);
    const opened = await stranger.goto(listUnsubscribe);
    expect(opened?.status()).toBe(200);
    await expect(stranger.getByRole("heading", { name: "Stop these mails?" })).toBeVisible();
    await expect(stranger.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
    await ben.goto("/settings/notifications");
    await expect(ben.getByLabel("A mention of you in a comment")).not.toHaveValue("off");

    // The mail's link unsubscribes without signing in.
    const unsubscribe = /Stop these mails: (\S+)/.exec(mail.text)![1];
    await stranger.goto(unsubscribe);
    await expect(stranger.getByRole("heading", { name: "Stop these mails?" })).toBeVisible();
    await stranger.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(stranger.getByRole("heading", { name: "Unsubscribed" })).toBeVisible();
    await expect(stranger.getByRole("status")).toContainText("No more mails about a mention of you in a comment.");
    // Ben's mail settings show it; a link altered by hand does nothing.
    await ben.goto("/settings/notifications");
    await expect(ben.getByLabel("A mention of you in a comment")).toHaveValue("off");
    await stranger.goto(unsubscribe.replace(/k=mention/, "k=proposal"));
    await expect(stranger.getByRole("heading", { name: "This unsubscribe link does not work" })).toBeVisible();
  } finally {
    await benContext.close();
  }
});
