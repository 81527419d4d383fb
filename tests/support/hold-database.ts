// Opens the embedded database named by BRIEFS_DATA_DIR and keeps it open until signalled.
import { getPrisma } from "@/lib/db/client";

async function main() {
  const prisma = await getPrisma();
  await prisma.user.count();
  process.stdout.write("ready\n");
  setInterval(() => {}, 1 << 30);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
