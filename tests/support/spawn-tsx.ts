import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");

export function spawnTsx(script: string, args: string[], env: Record<string, string | undefined>): ChildProcess {
  return spawn(tsx, [script, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
}

type Finished = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

export function collect(child: ChildProcess): Promise<Finished> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => (stdout += d));
  child.stderr?.on("data", (d) => (stderr += d));
  return new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr })));
}

export function runTsx(script: string, args: string[], env: Record<string, string | undefined>): Promise<Finished> {
  return collect(spawnTsx(script, args, env));
}

/** Resolves when the child prints `line` (waiting for a condition, not for time). */
export function waitForLine(child: ChildProcess, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    let errors = "";
    child.stderr?.on("data", (d) => (errors += d));
    child.stdout?.on("data", (d) => {
      seen += d;
      if (seen.split("\n").includes(line)) resolve();
    });
    child.on("exit", (code) => reject(new Error(`child exited (${code}) before printing "${line}": ${errors}`)));
  });
}
