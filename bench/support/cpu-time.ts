/**
 * CPU time from Linux /proc, to say where a toggle's CPU goes: the app server's process group, the
 * PostgreSQL backends of the benchmark's database, the benchmark process itself. On a shared
 * machine the CPU a call costs is a steadier figure than its latency. Undefined where /proc is missing.
 */
import fs from "node:fs";

const CLOCK_TICKS_PER_S = 100; // USER_HZ on every Linux architecture Node runs on

function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** utime + stime of one process, in ms. */
export function processCpuMs(pid: number): number | undefined {
  const f = statFields(pid);
  return f ? ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS_PER_S : undefined;
}

/** CPU ms of every live process of a process group. */
export function groupCpuMs(pgid: number): number | undefined {
  if (!fs.existsSync("/proc/self/stat")) return undefined;
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(entry);
    if (f && Number(f[2]) === pgid) total += ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS_PER_S;
  }
  return total;
}

/** CPU ms of this process (the benchmark and its clients). */
export function selfCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
