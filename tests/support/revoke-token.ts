// Revokes the API token given as the only argument, as the operator acting for its owner.
// Used by the MCP test setup before the server starts (PGlite allows one process per data folder).
import { cliActor } from "@/lib/auth/cli-actor";
import { closeDatabase, getPrisma } from "@/lib/db/client";
import { revokeApiToken } from "@/lib/tokens/revoke-api-token";
import { hashTokenSecret } from "@/lib/tokens/token-secret";

async function main(): Promise<void> {
  const prisma = await getPrisma();
  const token = await prisma.apiToken.findUniqueOrThrow({
    where: { tokenHash: hashTokenSecret(process.argv[2] ?? "") },
    include: { user: true },
  });
  await revokeApiToken(cliActor(token.user), token.id);
  console.log("revoked");
}

main()
  .then(() => closeDatabase())
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await closeDatabase();
    process.exit(1);
  });
