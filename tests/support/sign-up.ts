// Signs someone up as the sign-up page does: an account whose address is not confirmed yet.
// Used by the MCP test setup before the server starts (PGlite allows one process per data folder).
//   tsx tests/support/sign-up.ts <email> <password>
import { closeDatabase } from "@/lib/db/client";
import { signUp } from "@/lib/users/sign-up";

async function main(): Promise<void> {
  const [email, password] = process.argv.slice(2);
  await signUp({ email, password });
  console.log("signed up");
}

main()
  .then(() => closeDatabase())
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await closeDatabase();
    process.exit(1);
  });
