import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * What the benchmarks that run the production build share: refuse to start without the build,
 * the environment of the app on a fresh embedded database, and exit with what `main` returns
 * (1, printed, when it throws).
 */
export function missingBuild(root: string, distDir: string): boolean {
  if (fs.existsSync(path.join(root, distDir, "BUILD_ID"))) return false;
  console.error(`No production build in ${distDir}/. Build it first: npx tsx bench/build.ts`);
  return true;
}

/** `next start` on the embedded database in `dataDir`, serving `origin`, with a secret of its own. */
export function embeddedAppEnv(dataDir: string, origin: string, distDir: string): Record<string, string> {
  return {
    BRIEFS_DATA_DIR: dataDir,
    NEXT_DIST_DIR: distDir,
    AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    BRIEFS_SEED_DEMO: "0",
    APP_URL: origin,
    NEXT_TELEMETRY_DISABLED: "1",
  };
}

export function exitWith(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
