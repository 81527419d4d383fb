import { appOrigin } from "@/lib/config/app-origin";
import type { SignUpMode } from "@/lib/config/env";
import type { Mail } from "@/lib/mail/send-mail";
import { CONFIRMATION_LINK_HOURS } from "./confirmation-token";

/** The mails about an account. Each says what happened and what to do; none carries a password. */

export function confirmationLink(token: string): string {
  return `${appOrigin()}/confirm-email?token=${encodeURIComponent(token)}`;
}

export function confirmationMail(email: string, token: string): Mail {
  return {
    to: email,
    subject: "Confirm your email address for Briefs",
    text: [
      `Someone, hopefully you, signed up for Briefs at ${appOrigin()} with this address, or asked for a new link to confirm it.`,
      "",
      `To confirm the address, open this link within ${CONFIRMATION_LINK_HOURS} hours and enter the password chosen at sign-up:`,
      "",
      confirmationLink(token),
      "",
      "Until the address is confirmed, project invitations sent to it keep waiting.",
      "If this was not you, ignore this mail: nothing happens without the link.",
    ].join("\n"),
  };
}

export function signUpNoticeMail(email: string): Mail {
  return {
    to: email,
    subject: "Someone tried to sign up for Briefs with your address",
    text: [
      `Someone just tried to create a Briefs account at ${appOrigin()} with this address. You already have an account, so nothing was changed.`,
      "",
      `If that was you, sign in instead: ${appOrigin()}/signin`,
      "If it was not you, you need not do anything.",
    ].join("\n"),
  };
}

export function signUpRefusedMail(email: string, mode: SignUpMode): Mail {
  const who = mode === "domains" ? "addresses at the organisation's own domains and people invited to a project" : "people invited to a project";
  return {
    to: email,
    subject: "Your Briefs sign-up",
    text: [
      `Someone, hopefully you, tried to create a Briefs account at ${appOrigin()} with this address.`,
      `On this server only ${who} can create an account, so none was created.`,
      "",
      `Ask a project owner to invite ${email}, then sign up again.`,
    ].join("\n"),
  };
}
