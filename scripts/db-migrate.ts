/** Applies pending migrations to the configured database (DATABASE_URL, or the embedded one). */
import { closeDatabase, openDatabase } from "@/lib/db/client";

async function main() {
  process.env.BRIEFS_AUTO_MIGRATE = "1";
  const { applied } = await openDatabase();
  await closeDatabase();
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : "The database is up to date.");
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
