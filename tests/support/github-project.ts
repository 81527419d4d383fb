// Makes a project owned by the person with this email, for the GitHub tests over HTTP, and prints
// its id; the repository is connected afterwards with `npm run admin -- connect-github`.
//   tsx tests/support/github-project.ts <email>
import { getPrisma } from "@/lib/db/client";
import { ensureUser } from "@/lib/users/ensure-user";
import { runDatabaseScript } from "./database-script";

async function main(): Promise<void> {
  const [email] = process.argv.slice(2);
  const user = await ensureUser(email);
  const prisma = await getPrisma();
  const project = await prisma.project.create({ data: { name: "Connected to GitHub", memberships: { create: { userId: user.id, role: "owner" } } } });
  console.log(project.id);
}

runDatabaseScript(main);
