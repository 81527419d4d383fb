import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { webhookReceiver } from "../tests/support/webhook-receiver";
import { newPerson, signUp } from "./support/people";
import { createBrief, createProject, inviteMember } from "./support/projects";

test("an owner adds a webhook, sees its secret once, and follows deliveries in the log: test event, redeliver, off, delete", async ({ page }) => {
  const receiver = await webhookReceiver();
  try {
    await signUp(page, newPerson("Wendy"));
    const projectId = await createProject(page, "Hooked up");
    await page.getByRole("link", { name: "Manage webhooks" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

    const form = page.getByRole("form", { name: "New webhook endpoint" });
    await form.getByLabel("Endpoint URL").fill("http://hooks.example.com/briefs");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(form.getByText("must be an https:// URL")).toBeVisible();
    // A cloud metadata address is refused when saved, at the field, not only when a delivery fails.
    await form.getByLabel("Endpoint URL").fill("https://169.254.169.254/latest/meta-data/");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(form.getByText("169.254.169.254 is not a public address (link-local, where cloud metadata services answer); webhooks are sent only to public addresses")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Signing secret" })).toHaveCount(0);

    await form.getByLabel("Endpoint URL").fill(receiver.url());
    await form.getByLabel("Description (optional)").fill("Our tracker");
    await form.getByLabel("Only these").check();
    await form.getByLabel("brief.created").check();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    const secret = await page.getByRole("textbox", { name: "Signing secret" }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole("button", { name: "I have copied it" }).click();
    await expect(page.getByRole("textbox", { name: "Signing secret" })).toHaveCount(0);
    const card = page.getByRole("listitem", { name: receiver.url() });
    await expect(card).toContainText("brief.created");
    await expect(card).toContainText("Our tracker");

    // A change in the project reaches the receiver, signed with that secret.
    const briefId = await createBrief(page, projectId, "Hooked brief");
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const first = receiver.received[0];
    expect(new Webhook(secret).verify(first.body, first.headers)).toMatchObject({ type: "brief.created", data: { briefId, projectId, versionNum: 1 } });

    // The log shows it; a test event and a redelivery go out too.
    await page.goto(`/projects/${projectId}/settings/webhooks`);
    await card.getByRole("button", { name: "Send a test event" }).click();
    await expect(card.getByRole("status")).toContainText("A test event is on its way");
    await expect.poll(() => receiver.received.map((r) => JSON.parse(r.body).type), { timeout: 15_000 }).toEqual(["brief.created", "webhook.test"]);
    await card.getByRole("link", { name: "Delivery log" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Delivery log" })).toBeVisible();
    const created = page.getByRole("row", { name: "brief.created delivered" });
    await expect(created).toContainText("200");
    await expect(page.getByRole("row", { name: "webhook.test delivered" })).toBeVisible();
    await created.getByRole("button", { name: /^Redeliver brief.created/ }).click();
    await expect.poll(() => receiver.received.map((r) => r.id), { timeout: 15_000 }).toEqual([first.id, receiver.received[1].id, first.id]);

    // Off: nothing is sent; deleted: the endpoint is gone.
    await page.goto(`/projects/${projectId}/settings/webhooks`);
    await card.getByRole("button", { name: "Turn off" }).click();
    await expect(card).toContainText("Off");
    await expect(card.getByRole("button", { name: "Send a test event" })).toBeDisabled();
    await card.getByRole("button", { name: `Delete ${receiver.url()}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page.getByText("No endpoints yet")).toBeVisible();
  } finally {
    await receiver.stop();
  }
});

test("only owners reach a project's webhooks: an editor of the project and an outsider get 404", async ({ page: owner, browser, baseURL }) => {
  const eddie = newPerson("Eddie");
  const editor = await (await browser.newContext({ baseURL })).newPage();
  await signUp(editor, eddie);
  const outsider = await (await browser.newContext({ baseURL })).newPage();
  await signUp(outsider, newPerson("Otto"));
  await signUp(owner, newPerson("Oona"));
  const projectId = await createProject(owner, "Owners only");
  await inviteMember(owner, projectId, eddie.email, "editor");
  const settings = `/projects/${projectId}/settings/webhooks`;

  expect((await owner.goto(settings))?.status()).toBe(200);
  await expect(owner.getByRole("heading", { name: /webhooks/i }).first()).toBeVisible();
  // The editor reads the project, but its webhooks are the owners' alone.
  expect((await editor.goto(`/projects/${projectId}`))?.status()).toBe(200);
  expect((await editor.goto(settings))?.status()).toBe(404);
  expect((await outsider.goto(settings))?.status()).toBe(404);
});
