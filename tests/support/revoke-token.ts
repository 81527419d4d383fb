// Revokes the API token given as the only argument, as the operator acting for its owner.
import { cliActor } from "@/lib/auth/cli-actor";
import { getPrisma } from "@/lib/db/client";
import { revokeApiToken } from "@/lib/tokens/revoke-api-token";
import { hashTokenSecret } from "@/lib/tokens/token-secret";
import { runDatabaseScript } from "./database-script";

async function main(): Promise<void> {
  const prisma = await getPrisma();
  const token = await prisma.apiToken.findUniqueOrThrow({
    where: { tokenHash: hashTokenSecret(process.argv[2] ?? "") },
    include: { user: true },
  });
  await revokeApiToken(cliActor(token.user), token.id);
  console.log("revoked");
}

runDatabaseScript(main);
