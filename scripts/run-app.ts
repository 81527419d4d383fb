/**
 * `npm run dev` / `npm start`: prepare the database (migrations; for `dev` on a new embedded
 * database also the demo data), print how to sign in, release the database, then hand over to Next.
 * `npm start` never adds demo data: a production copy must not gain an account nobody created.
 * `dev` also builds the in-chat brief view first.
 *
 *   tsx scripts/run-app.ts dev|start [next options]
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { env, type SignUpMode } from "@/lib/config/env";
import { appOrigin } from "@/lib/config/app-origin";
import { closeDatabase, openDatabase } from "@/lib/db/client";
import { sendConsoleToLog } from "@/lib/observe/console-to-log";
import { relayAsJsonLines } from "@/lib/observe/json-lines";
import { DEMO_EXISTS_HINT, demoUserExists, seedDemo, signInHint } from "@/lib/demo/seed-demo";

async function prepareDatabase(mode: "dev" | "start"): Promise<void> {
  const config = env();
  const db = await openDatabase();
  if (db.applied.length) console.log(`Applied ${db.applied.length} migration(s).`);
  let hint: string | undefined;
  if (mode === "dev" && db.kind === "pglite" && db.created && config.BRIEFS_SEED_DEMO) {
    const seeded = await seedDemo();
    console.log("Created the embedded database in", config.dataDir, "with demo data.");
    if (seeded.created) hint = signInHint(appOrigin(), seeded.password);
  }
  if (!hint && mode === "dev" && (await demoUserExists())) hint = DEMO_EXISTS_HINT;
  await closeDatabase();
  if (hint) console.log(`\n  ${hint}\n`);
  else if (db.kind === "pglite" && config.signUpMode === "open") console.log("\n  Create an account on the sign-up page (or run `npm run db:seed` for demo data).\n");
  console.log(accountsSummary(config.signUpMode, Boolean(config.SMTP_URL)));
}

/** How people get accounts on this server, said once at start (docs/security.md#accounts). */
function accountsSummary(mode: SignUpMode, mailConfigured: boolean): string {
  const signUp = {
    open: "open to anyone (BRIEFS_SIGNUP=open)",
    domains: "open to the addresses of BRIEFS_SIGNUP_DOMAINS and to invited people",
    invite: "by invitation only; start with `npm run admin -- create-project --name <name> --owner <email>`",
  }[mode];
  const mail = mailConfigured ? "sent through SMTP_URL" : "not configured: confirmation links are written to this log";
  return `  Sign-up: ${signUp}.\n  Mail: ${mail}.\n`;
}

async function main() {
  const [mode, ...rest] = process.argv.slice(2);
  if (mode !== "dev" && mode !== "start") throw new Error("usage: run-app.ts dev|start [next options]");
  // As Next will run: the defaults that depend on it (sign-up, lib/config/env.ts) are read here first.
  (process.env as Record<string, string>).NODE_ENV ??= mode === "start" ? "production" : "development";
  // The printed sign-in address and Next must agree on the port: `-p N`/`--port N` wins over PORT.
  const portArg = portOption(rest);
  if (portArg) process.env.PORT = portArg;
  if (mode === "start") sendConsoleToLog();
  await prepareDatabase(mode);
  if (mode === "dev") {
    // The in-chat view is bundled apart from Next (scripts/build-chat-view.ts); `npm start` runs a
    // build that already has it. After changing components/chat-view, run `npm run build:view`.
    const { buildChatView } = await import("./build-chat-view");
    await buildChatView();
  }
  const next = path.join(process.cwd(), "node_modules", ".bin", "next");
  const child = spawn(next, [mode, ...rest], {
    // `npm start` writes one JSON object a line, Next's own lines included (lib/observe/json-lines.ts).
    stdio: mode === "start" ? ["inherit", "pipe", "pipe"] : "inherit",
    env: {
      // Telemetry would call out to a third-party host on every start.
      NEXT_TELEMETRY_DISABLED: "1",
      // On SIGTERM the server drains requests in flight, then closes the database (instrumentation.ts).
      // Not in development, where open hot-reload sockets would hold the drain.
      ...(mode === "start" && { NEXT_MANUAL_SIG_HANDLE: "1" }),
      // `next dev` kills its server 100 ms after passing a signal on: give it time to close the database.
      NEXT_EXIT_TIMEOUT_MS: "10000",
      ...process.env,
    },
  });
  if (child.stdout) relayAsJsonLines(child.stdout, process.stdout, "info");
  if (child.stderr) relayAsJsonLines(child.stderr, process.stdout, "warn");
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  // "close", not "exit": the last lines it wrote are relayed before this process ends.
  child.on("close", (code, signal) => process.exit(code ?? (signal === "SIGINT" ? 130 : 143)));
}

function portOption(args: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const inline = /^--port=(.+)$/.exec(args[i]);
    if (inline) return inline[1];
    if (args[i] === "-p" || args[i] === "--port") return args[i + 1];
  }
  return undefined;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
