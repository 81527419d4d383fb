import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { listProjects } from "@/lib/projects/list-projects";
import { setProjectMember } from "@/lib/projects/set-project-member";
import { accountForProviderEmail } from "@/lib/users/account-for-provider-email";
import { canLinkExternalIdentity } from "@/lib/users/can-link-external-identity";
import { confirmEmail, describeConfirmationLink } from "@/lib/users/confirm-email";
import { requestConfirmationLink } from "@/lib/users/request-confirmation-link";
import { signUp } from "@/lib/users/sign-up";
import { verifyCredentials } from "@/lib/users/verify-credentials";
import { accountOf, asActor, newEmail, newProject, newUser, uniqueKey, projectWithPeople } from "../support/fixtures";
import { captureMails } from "../support/mail-capture";

let mail: ReturnType<typeof captureMails>;
beforeEach(() => (mail = captureMails()));
afterEach(() => mail.restore());

const PASSWORD = "chosen at sign-up";

async function signedUp(name: string): Promise<{ email: string; token: string; userId: string }> {
  const email = newEmail(name);
  await signUp({ email, password: PASSWORD });
  return { email, token: mail.tokenFor(email), userId: (await accountOf(email))!.id };
}

const linkError = { code: "VALIDATION_ERROR", details: { issues: [{ path: "token", message: "This link has expired or was already used." }] } };

describe(`email confirmation links on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("confirm the address once, with the password chosen at sign-up; the link is then spent", async () => {
    const { email, token, userId } = await signedUp("once");
    expect(await describeConfirmationLink(token)).toEqual({ usable: true, email, needsPassword: true });

    // A wrong or missing password leaves the link usable.
    await expect(confirmEmail({ token, password: "something else" })).rejects.toMatchObject({ details: { issues: [{ path: "password" }] } });
    await expect(confirmEmail({ token })).rejects.toMatchObject({ details: { issues: [{ path: "password" }] } });
    expect((await accountOf(email))?.emailVerifiedAt).toBeNull();

    expect(await confirmEmail({ token, password: PASSWORD })).toEqual({ userId, email });
    expect((await accountOf(email))?.emailVerifiedAt).toBeInstanceOf(Date);
    await expect(confirmEmail({ token, password: PASSWORD })).rejects.toMatchObject(linkError);
    expect(await describeConfirmationLink(token)).toEqual({ usable: false });
  });

  it("need no password in the account's own signed-in browser, unless the link would take the account over", async () => {
    const { email, token, userId } = await signedUp("browser");
    expect(await describeConfirmationLink(token, userId)).toMatchObject({ needsPassword: false });
    // Someone else signed in is asked for the password like anyone.
    const other = await newUser("Other");
    expect(await describeConfirmationLink(token, other.userId)).toMatchObject({ needsPassword: true });
    await expect(confirmEmail({ token }, other.userId)).rejects.toMatchObject({ details: { issues: [{ path: "password" }] } });

    // A second sign-up with the address makes a take-over link: it always needs its password.
    await signUp({ email, password: "another password" });
    const takeOver = mail.tokenFor(email);
    expect(await describeConfirmationLink(takeOver, userId)).toMatchObject({ needsPassword: true });

    expect(await confirmEmail({ token }, userId)).toEqual({ userId, email });
    // Confirming retires every other link of the account, the take-over one too.
    await expect(confirmEmail({ token: takeOver, password: "another password" })).rejects.toMatchObject(linkError);
    expect(await verifyCredentials(email, PASSWORD)).not.toBeNull();
  });

  it("expire", async () => {
    const { token, userId } = await signedUp("late");
    const prisma = await getPrisma();
    await prisma.emailConfirmation.updateMany({ where: { userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await describeConfirmationLink(token)).toEqual({ usable: false });
    await expect(confirmEmail({ token, password: PASSWORD })).rejects.toMatchObject(linkError);
  });

  it("refuse anything that is not a live link alike", async () => {
    for (const token of ["", "brc_short", `brc_${"A".repeat(43)}`, "x".repeat(200)]) {
      await expect(confirmEmail({ token, password: PASSWORD })).rejects.toMatchObject(linkError);
    }
    await expect(confirmEmail({ token: "x".repeat(201), password: PASSWORD })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });

  it("used twice at the same moment confirm once", async () => {
    const { email, token } = await signedUp("twice");
    const results = await Promise.allSettled([confirmEmail({ token, password: PASSWORD }), confirmEmail({ token, password: PASSWORD })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: linkError });
    expect((await accountOf(email))?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("turn every invitation into one membership, also when two links are confirmed at once", async () => {
    const owner = await newUser("Owner");
    const [first, second] = [await newProject(owner, "First"), await newProject(owner, "Second")];
    const { email, token, userId } = await signedUp("invitee");
    await requestConfirmationLink({ email });
    const secondToken = mail.tokenFor(email);
    expect(secondToken).not.toBe(token);
    for (const [projectId, role] of [[first, "editor"], [second, "viewer"]] as const) {
      const { result } = await setProjectMember(owner, { projectId, email, role, idempotencyKey: uniqueKey() });
      expect(result.member.status).toBe("invited");
    }

    const results = await Promise.allSettled([confirmEmail({ token, password: PASSWORD }), confirmEmail({ token: secondToken, password: PASSWORD })]);
    // Whichever came first confirmed; the other link was retired with it, or confirmed an address already confirmed.
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    const prisma = await getPrisma();
    expect(await prisma.membership.findMany({ where: { userId }, select: { projectId: true, role: true }, orderBy: { projectId: "asc" } })).toEqual(
      [
        { projectId: first, role: "editor" },
        { projectId: second, role: "viewer" },
      ].sort((a, b) => a.projectId.localeCompare(b.projectId)),
    );
    expect(await prisma.projectInvitation.count({ where: { email } })).toBe(0);
  });
});

describe(`asking for a new link on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("sends one only to an unconfirmed account, and answers every address alike", async () => {
    const { email } = await signedUp("resend");
    const confirmed = await newUser("Confirmed");
    const nobody = newEmail("nobody");
    mail.clear();
    const answers = [
      await requestConfirmationLink({ email }),
      await requestConfirmationLink({ email: confirmed.email }),
      await requestConfirmationLink({ email: nobody }),
    ];
    expect(answers).toEqual([undefined, undefined, undefined]);
    expect(mail.mails.map((m) => m.to)).toEqual([email]);
  });

  it("is limited per address, counted alike whether the address has an account or not", async () => {
    const { email } = await signedUp("limited");
    const nobody = newEmail("nobody");
    const refusals = [];
    for (const address of [email, nobody]) {
      // The sign-up itself counted one mail for the first address.
      const allowed = address === email ? 4 : 5;
      for (let i = 0; i < allowed; i++) await requestConfirmationLink({ email: address });
      refusals.push(await requestConfirmationLink({ email: address }).catch((e) => e.toJSON()));
    }
    expect(refusals[0]).toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringMatching(/^Several mails went to this address in the last hour\. Try again in \d+ minutes\.$/) });
    expect(refusals[1].message).toBe(refusals[0].message);
    // A sign-up to a limited address is refused the same way, before anything changes.
    await expect(signUp({ email: nobody, password: PASSWORD })).rejects.toMatchObject({ message: refusals[0].message });
    expect(await accountOf(nobody)).toBeNull();
  });
});

describe(`addresses vouched for by an outside provider on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("make a confirmed account that receives its invitations", async () => {
    const { projectId, owner } = await projectWithPeople({ owner: "owner" });
    const email = newEmail("sso");
    await setProjectMember(owner, { projectId, email, role: "viewer", idempotencyKey: uniqueKey() });
    const user = await accountForProviderEmail(email.toUpperCase(), "Sso Person");
    expect(await accountOf(email)).toMatchObject({ id: user.id, passwordHash: null, emailVerifiedAt: expect.any(Date) });
    expect((await listProjects(asActor(user))).items).toEqual([expect.objectContaining({ id: projectId, role: "viewer" })]);
  });

  it("win over an unconfirmed password, never over a confirmed one", async () => {
    const { email, userId } = await signedUp("claimed");
    expect(await canLinkExternalIdentity(email)).toBe(true);
    const prisma = await getPrisma();
    await prisma.webSession.create({ data: { id: uniqueKey(), userId, expiresAt: new Date(Date.now() + 3_600_000) } });
    await accountForProviderEmail(email);
    expect(await accountOf(email)).toMatchObject({ id: userId, passwordHash: null, emailVerifiedAt: expect.any(Date) });
    expect(await verifyCredentials(email, PASSWORD)).toBeNull();
    expect(await prisma.webSession.count({ where: { userId } })).toBe(0);

    const owned = await signedUp("owned");
    await confirmEmail({ token: owned.token, password: PASSWORD });
    expect(await canLinkExternalIdentity(owned.email)).toBe(false);
    expect(await canLinkExternalIdentity(newEmail("unknown"))).toBe(true);
  });
});
