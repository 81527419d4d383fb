import { env, type SignUpMode } from "@/lib/config/env";
import type { Tx } from "@/lib/db/transaction";

/**
 * Who may create an account (BRIEFS_SIGNUP, docs/security.md#accounts): anyone (`open`), addresses at
 * the domains of BRIEFS_SIGNUP_DOMAINS (`domains`), or only addresses a project has invited
 * (`invite`). An invited address may always sign up.
 */
export async function signUpAdmits(tx: Tx, email: string): Promise<boolean> {
  const { signUpMode, BRIEFS_SIGNUP_DOMAINS } = env();
  if (signUpMode === "open") return true;
  if (signUpMode === "domains" && BRIEFS_SIGNUP_DOMAINS.includes(email.slice(email.lastIndexOf("@") + 1))) return true;
  return (await tx.projectInvitation.count({ where: { email } })) > 0;
}

export function signUpMode(): SignUpMode {
  return env().signUpMode;
}
