// Signs someone up as the sign-up page does: an account whose address is not confirmed yet.
//   tsx tests/support/sign-up.ts <email> <password>
import { signUp } from "@/lib/users/sign-up";
import { runDatabaseScript } from "./database-script";

async function main(): Promise<void> {
  const [email, password] = process.argv.slice(2);
  await signUp({ email, password });
  console.log("signed up");
}

runDatabaseScript(main);
