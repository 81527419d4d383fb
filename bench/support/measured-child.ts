/**
 * A command run whole as a child process and measured from outside (Linux /proc): its wall time;
 * its resident memory, sampled every few ms from /proc/<pid>/status (VmRSS and VmHWM, the peak the
 * kernel kept); its CPU time, threads included, read from this process's own "children" counters
 * (cutime + cstime grow by a child's whole CPU time when it is reaped, and only one measured child
 * runs at a time); and the CPU time the PostgreSQL server spent meanwhile (the postmaster and every
 * backend, those that ended included), which also counts whatever else that server was doing.
 *
 * A Node command run as `node --import tsx --import <EXIT_MEMORY_HOOK> script …` is its own worker
 * (no tsx launcher in between), so the pid sampled is the process that does the work, and the hook
 * adds its exact peak at exit (bench/support/exit-memory-hook.ts).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

export const EXIT_MEMORY_HOOK = path.join(__dirname, "exit-memory-hook.ts");

export type ExitReport = { code: number; atLoadKiB: number; hwmKiB: number; rssKiB: number; cpuMs: number };

export type ChildRun = {
  ms: number;
  code: number | null;
  stdout: string;
  stderr: string;
  /** The largest VmHWM sampled, and the first and largest VmRSS. */
  sampled: { hwmKiB: number; maxRssKiB: number; firstRssKiB: number; samples: number };
  /** What the exit hook wrote, when the command ran with it. */
  exit?: ExitReport;
  /** The child's CPU time (user + system, every thread), from this process's children counters. */
  cpuMs: number;
  /** CPU time of the whole PostgreSQL server meanwhile, when its postmaster's pid was given. */
  serverCpuMs?: number;
};

const CLOCK_TICKS_PER_S = 100; // USER_HZ

function statFields(pid: number | "self"): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

const ticksMs = (...fields: string[]) => (fields.reduce((sum, f) => sum + Number(f), 0) * 1000) / CLOCK_TICKS_PER_S;

/** CPU ms of the children this process has reaped (cutime + cstime). */
export function reapedChildrenCpuMs(): number {
  const f = statFields("self")!;
  return ticksMs(f[13], f[14]);
}

/** The parent of a process. */
export function parentPid(pid: number): number | undefined {
  const f = statFields(pid);
  return f ? Number(f[1]) : undefined;
}

/** CPU ms of a server process and all it ever ran: its own, its reaped children's and its live children's. */
export function serverCpuMs(postmaster: number): number | undefined {
  const own = statFields(postmaster);
  if (!own) return undefined;
  let total = ticksMs(own[11], own[12], own[13], own[14]);
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(Number(entry));
    if (f && Number(f[1]) === postmaster) total += ticksMs(f[11], f[12]);
  }
  return total;
}

function statusKiB(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, "m").exec(status)?.[1] ?? NaN);
    return { rss: field("VmRSS"), hwm: field("VmHWM") };
  } catch {
    return undefined;
  }
}

export async function runMeasured(
  command: string,
  args: string[],
  options: { env: Record<string, string | undefined>; cwd?: string; everyMs?: number; exitReport?: boolean; postmaster?: number },
): Promise<ChildRun> {
  const reportFile = options.exitReport ? path.join(os.tmpdir(), `briefs-bench-exit-${process.pid}-${Math.random().toString(36).slice(2)}.json`) : undefined;
  const env = { ...process.env, ...options.env, ...(reportFile && { BENCH_EXIT_REPORT: reportFile }) };
  const cpuBefore = reapedChildrenCpuMs();
  const serverBefore = options.postmaster ? serverCpuMs(options.postmaster) : undefined;
  const started = performance.now();
  const child = spawn(command, args, { env, cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
  const sampled = { hwmKiB: 0, maxRssKiB: 0, firstRssKiB: NaN, samples: 0 };
  const sample = () => {
    const kib = child.pid ? statusKiB(child.pid) : undefined;
    if (!kib || !Number.isFinite(kib.rss)) return;
    if (!sampled.samples) sampled.firstRssKiB = kib.rss;
    sampled.samples++;
    sampled.hwmKiB = Math.max(sampled.hwmKiB, kib.hwm);
    sampled.maxRssKiB = Math.max(sampled.maxRssKiB, kib.rss);
  };
  sample();
  const timer = setInterval(sample, options.everyMs ?? 20);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (c) => resolve(c));
  });
  const ms = performance.now() - started;
  clearInterval(timer);
  const serverAfter = options.postmaster ? serverCpuMs(options.postmaster) : undefined;
  let exit: ExitReport | undefined;
  if (reportFile && fs.existsSync(reportFile)) {
    exit = JSON.parse(fs.readFileSync(reportFile, "utf8")) as ExitReport;
    fs.rmSync(reportFile, { force: true });
  }
  return {
    ms,
    code,
    stdout,
    stderr,
    sampled,
    exit,
    cpuMs: reapedChildrenCpuMs() - cpuBefore,
    serverCpuMs: serverBefore !== undefined && serverAfter !== undefined ? serverAfter - serverBefore : undefined,
  };
}
