import { actorLabel, type Actor } from "./actor";
import { allScopes } from "./scopes";
import type { UserView } from "@/lib/users/user-schema";

/** The operator acting for a user from the command line (admin command, seed). */
export function cliActor(user: UserView): Actor {
  return { userId: user.id, email: user.email, label: actorLabel(user), door: "cli", scopes: allScopes };
}
