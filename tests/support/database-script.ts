import { closeDatabase } from "@/lib/db/client";

/**
 * Runs a test set-up script (`tsx tests/support/<script>.ts …`) and closes the database afterwards,
 * also when it fails (exit code 1): the MCP test setup runs these before the server starts, and an
 * embedded database allows one process per data folder.
 */
export function runDatabaseScript(main: () => Promise<void>): void {
  main()
    .then(() => closeDatabase())
    .catch(async (error) => {
      console.error(error instanceof Error ? error.message : error);
      await closeDatabase();
      process.exit(1);
    });
}
