// Gives the person with this email (created if missing) a password, so tests can sign in over HTTP.
//   tsx tests/support/set-password.ts <email> <password>
import { hashPassword } from "@/lib/auth/password";
import { getPrisma } from "@/lib/db/client";
import { ensureUser } from "@/lib/users/ensure-user";
import { runDatabaseScript } from "./database-script";

async function main(): Promise<void> {
  const [email, password] = process.argv.slice(2);
  const user = await ensureUser(email, "OAuth Tester");
  const prisma = await getPrisma();
  await prisma.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password) } });
  console.log("password set");
}

runDatabaseScript(main);
