// Makes a project owned by the person with this email whose "require quality before review" gate
// is on, and prints its id: the MCP door has no tool for project settings (owners set them in the
// browser, operators with `npm run admin -- set-project`).
//   tsx tests/support/quality-gated-project.ts <email>
import { getPrisma } from "@/lib/db/client";
import { setProjectQualityAsOperator } from "@/lib/quality/project-quality";
import { ensureUser } from "@/lib/users/ensure-user";
import { runDatabaseScript } from "./database-script";

async function main(): Promise<void> {
  const [email] = process.argv.slice(2);
  const user = await ensureUser(email);
  const prisma = await getPrisma();
  const project = await prisma.project.create({ data: { name: "Quality gated", memberships: { create: { userId: user.id, role: "owner" } } } });
  await setProjectQualityAsOperator(project.id, { requireQuality: true });
  console.log(project.id);
}

runDatabaseScript(main);
