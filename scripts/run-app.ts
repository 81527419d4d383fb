/**
 * `npm run dev` / `npm start`: prepare the database (migrations; for `dev` on a new embedded
 * database also the demo data), print how to sign in, release the database, then hand over to Next.
 * `npm start` never adds demo data: a production copy must not gain an account nobody created.
 *
 *   tsx scripts/run-app.ts dev|start [next options]
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { env } from "@/lib/config/env";
import { closeDatabase, openDatabase } from "@/lib/db/client";
import { DEMO_EXISTS_HINT, demoUserExists, seedDemo, signInHint } from "@/lib/demo/seed-demo";

async function prepareDatabase(mode: "dev" | "start"): Promise<void> {
  const config = env();
  const db = await openDatabase();
  if (db.applied.length) console.log(`Applied ${db.applied.length} migration(s).`);
  let hint: string | undefined;
  if (mode === "dev" && db.kind === "pglite" && db.created && config.BRIEFS_SEED_DEMO) {
    const seeded = await seedDemo();
    console.log("Created the embedded database in", config.dataDir, "with demo data.");
    if (seeded.created) hint = signInHint(config.APP_URL, seeded.password);
  }
  if (!hint && mode === "dev" && (await demoUserExists())) hint = DEMO_EXISTS_HINT;
  await closeDatabase();
  if (hint) console.log(`\n  ${hint}\n`);
  else if (db.kind === "pglite") console.log("\n  Create an account on the sign-up page (or run `npm run db:seed` for demo data).\n");
}

async function main() {
  const [mode, ...rest] = process.argv.slice(2);
  if (mode !== "dev" && mode !== "start") throw new Error("usage: run-app.ts dev|start [next options]");
  await prepareDatabase(mode);
  const next = path.join(process.cwd(), "node_modules", ".bin", "next");
  // Telemetry would call out to a third-party host on every start.
  const child = spawn(next, [mode, ...rest], { stdio: "inherit", env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env } });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal === "SIGINT" ? 130 : 143)));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
