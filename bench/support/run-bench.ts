/**
 * What every benchmark process does around its measurements: clean-up steps that run, last added
 * first, on success, on failure and on ^C; the app servers it starts, stopped by that clean-up and
 * their output shown when the benchmark fails; and the exit code its main returns.
 */
import fs from "node:fs";
import path from "node:path";
import { startAppServer, type AppServer } from "../../tests/support/app-server";

type Step = { name: string; run: () => Promise<void> | void };

const steps: Step[] = [];
let cleaning: Promise<void> | undefined;
let interrupted = false;
let lastServerLog: (() => string) | undefined;

/** True, after saying how to build, when there is no production build in `distDir`. */
export function missingBuild(root: string, distDir: string): boolean {
  if (fs.existsSync(path.join(root, distDir, "BUILD_ID"))) return false;
  console.error(`No production build in ${distDir}/. Build it first: npx tsx bench/build.ts`);
  return true;
}

/** A step to run when the benchmark ends, however it ends. */
export function onCleanup(name: string, run: () => Promise<void> | void): void {
  steps.push({ name, run });
}

/** True once ^C (or SIGTERM) arrived: loops stop issuing calls while the clean-up runs. */
export function wasInterrupted(): boolean {
  return interrupted;
}

/** `next start` on the build the environment names, stopped at the end; its output is shown if the benchmark fails. */
export function startBenchServer(port: number, env: Record<string, string | undefined>): AppServer {
  if (interrupted) throw new Error("Interrupted.");
  const server = startAppServer(port, env);
  onCleanup("stop the server", server.stop);
  lastServerLog = server.log;
  return server;
}

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    while (steps.length) {
      const step = steps.pop()!;
      try {
        await step.run();
      } catch (error) {
        console.error(`Clean-up "${step.name}" failed: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}

/** Runs the benchmark and exits with the code it returns, after the clean-up; a failure exits 1. */
export function runBench(main: () => Promise<number>): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    // `on`, not `once`: tsx relays the terminal's ^C to this process a second time, and a second
    // signal without a handler would kill it halfway through the clean-up.
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      console.error(`\n${signal}: cleaning up…`);
      void cleanUp().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }
  main()
    .catch((error) => {
      console.error(`\nBenchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
      const log = lastServerLog?.().trim();
      if (log) console.error(`\nLast server output:\n${log.split("\n").slice(-40).join("\n")}`);
      return 1;
    })
    .then(async (code) => {
      await cleanUp();
      process.exit(code);
    });
}
