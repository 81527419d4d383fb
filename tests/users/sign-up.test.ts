import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { env } from "@/lib/config/env";
import { getPrisma } from "@/lib/db/client";
import { listProjects } from "@/lib/projects/list-projects";
import { setProjectMember } from "@/lib/projects/set-project-member";
import { confirmEmail } from "@/lib/users/confirm-email";
import { signUp } from "@/lib/users/sign-up";
import { verifyCredentials } from "@/lib/users/verify-credentials";
import { accountOf, asActor, newEmail, newUser, uniqueKey, projectWithPeople } from "../support/fixtures";
import { captureMails } from "../support/mail-capture";

let mail: ReturnType<typeof captureMails>;
beforeEach(() => (mail = captureMails()));
afterEach(() => mail.restore());

/** Runs `work` under another sign-up policy (the environment is read once; the tests change the copy in force). */
async function withSignUpPolicy<T>(signUpMode: "open" | "domains" | "invite", domains: string[], work: () => Promise<T>): Promise<T> {
  const config = env();
  const saved = { signUpMode: config.signUpMode, BRIEFS_SIGNUP_DOMAINS: config.BRIEFS_SIGNUP_DOMAINS };
  Object.assign(config, { signUpMode, BRIEFS_SIGNUP_DOMAINS: domains });
  try {
    return await work();
  } finally {
    Object.assign(config, saved);
  }
}

describe(`sign-up on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("makes an account with an unconfirmed address that can sign in, and mails a confirmation link", async () => {
    const email = newEmail("new");
    expect(await signUp({ name: "New", email: email.toUpperCase(), password: "correct horse" })).toBeUndefined();
    const account = await accountOf(email);
    expect(account).toMatchObject({ email, name: "New", emailVerifiedAt: null });
    expect(await verifyCredentials(email, "correct horse")).toMatchObject({ email });
    expect(mail.to(email)).toEqual([expect.objectContaining({ subject: "Confirm your email address for Briefs" })]);
    // The database keeps only the hash of the link's token.
    const token = mail.tokenFor(email);
    const prisma = await getPrisma();
    const stored = await prisma.emailConfirmation.findMany({ where: { userId: account!.id } });
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers the same for a new, an unconfirmed, a confirmed and a refused address; only the mail differs", async () => {
    const confirmed = await newUser("Confirmed");
    const unconfirmed = newEmail("unconfirmed");
    await signUp({ email: unconfirmed, password: "first password" });
    const fresh = newEmail("fresh");
    const refused = newEmail("refused");

    const answers = [
      await signUp({ email: fresh, password: "a password" }),
      await signUp({ email: unconfirmed, password: "a password" }),
      await signUp({ email: confirmed.email, password: "a password" }),
      await withSignUpPolicy("invite", [], () => signUp({ email: refused, password: "a password" })),
    ];
    expect(answers).toEqual([undefined, undefined, undefined, undefined]);

    expect(mail.to(fresh).map((m) => m.subject)).toEqual(["Confirm your email address for Briefs"]);
    expect(mail.to(unconfirmed).map((m) => m.subject)).toEqual(["Confirm your email address for Briefs", "Confirm your email address for Briefs"]);
    expect(mail.to(confirmed.email).map((m) => m.subject)).toEqual(["Someone tried to sign up for Briefs with your address"]);
    expect(mail.to(refused).map((m) => m.subject)).toEqual(["Your Briefs sign-up"]);
    // The confirmed account is untouched, and no account exists for the refused address.
    expect(await verifyCredentials(confirmed.email, "a password")).toBeNull();
    expect(await accountOf(refused)).toBeNull();
    // The unconfirmed account keeps its password until the new link is confirmed.
    expect(await verifyCredentials(unconfirmed, "first password")).not.toBeNull();
  });

  it("refuses bad input field by field, and never with a word about the address's account", async () => {
    const confirmed = await newUser("Taken");
    for (const email of [confirmed.email, newEmail("free")]) {
      await expect(signUp({ email, password: "short" })).rejects.toMatchObject({
        code: "VALIDATION_ERROR",
        details: { issues: [{ path: "password", message: "Use at least 8 characters." }] },
      });
    }
    await expect(signUp({ email: "not-an-email", password: "long enough" })).rejects.toMatchObject({
      details: { issues: [{ path: "email", message: "Enter a valid email address." }] },
    });
  });

  it("follows the sign-up policy: open, allowed domains, invitation only; an invitation always admits", async () => {
    const { projectId, owner } = await projectWithPeople({ owner: "owner" });
    const invited = newEmail("invited");
    await setProjectMember(owner, { projectId, email: invited, role: "viewer", idempotencyKey: uniqueKey() });

    const outsider = newEmail("outsider");
    await withSignUpPolicy("invite", [], () => signUp({ email: outsider, password: "a password" }));
    expect(await accountOf(outsider)).toBeNull();
    await withSignUpPolicy("invite", [], () => signUp({ email: invited, password: "a password" }));
    expect(await accountOf(invited)).toMatchObject({ emailVerifiedAt: null });

    const colleague = `colleague.${uniqueKey().slice(0, 8)}@briefs.example`;
    const stranger = `stranger.${uniqueKey().slice(0, 8)}@elsewhere.example`;
    await withSignUpPolicy("domains", ["briefs.example"], async () => {
      await signUp({ email: colleague, password: "a password" });
      await signUp({ email: stranger, password: "a password" });
    });
    expect(await accountOf(colleague)).not.toBeNull();
    expect(await accountOf(stranger)).toBeNull();
    // A subdomain is another domain.
    const sub = `sub.${uniqueKey().slice(0, 8)}@x.briefs.example`;
    await withSignUpPolicy("domains", ["briefs.example"], () => signUp({ email: sub, password: "a password" }));
    expect(await accountOf(sub)).toBeNull();

    await withSignUpPolicy("open", [], () => signUp({ email: stranger, password: "a password" }));
    expect(await accountOf(stranger)).not.toBeNull();
  });

  it("lets whoever proves an unconfirmed address take its account over; the squatter keeps nothing", async () => {
    const { projectId, owner } = await projectWithPeople({ owner: "owner" });
    const email = newEmail("victim");
    // Someone registers the address first and sets up a token and a session.
    await signUp({ email, password: "squatter password" });
    const squatter = asActor((await accountOf(email))!);
    const prisma = await getPrisma();
    await prisma.apiToken.create({ data: { userId: squatter.userId, name: "squat", tokenHash: uniqueKey(), scopes: ["brief:read"] } });
    await prisma.webSession.create({ data: { id: uniqueKey(), userId: squatter.userId, expiresAt: new Date(Date.now() + 3_600_000) } });
    // The owner adds the address: it is only invited, so the squatter sees nothing.
    const added = await setProjectMember(owner, { projectId, email, role: "editor", idempotencyKey: uniqueKey() });
    expect(added.result.member).toEqual({ email, role: "editor", status: "invited" });
    expect((await listProjects(squatter)).items).toEqual([]);

    // The real owner of the address signs up too; only they receive the link.
    mail.clear();
    await signUp({ name: "Real Owner", email, password: "owner password" });
    const token = mail.tokenFor(email);
    // The link confirms only with the password of the sign-up it answers.
    await expect(confirmEmail({ token, password: "squatter password" })).rejects.toMatchObject({
      details: { issues: [{ path: "password" }] },
    });
    expect(await confirmEmail({ token, password: "owner password" })).toEqual({ userId: squatter.userId, email });

    expect(await verifyCredentials(email, "squatter password")).toBeNull();
    expect(await verifyCredentials(email, "owner password")).toMatchObject({ email, name: "Real Owner" });
    expect(await prisma.webSession.count({ where: { userId: squatter.userId } })).toBe(0);
    expect(await prisma.apiToken.count({ where: { userId: squatter.userId, revokedAt: null } })).toBe(0);
    expect((await listProjects(squatter)).items).toEqual([expect.objectContaining({ id: projectId, role: "editor" })]);
  });
});
