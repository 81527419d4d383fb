/**
 * Loaded into a command the benchmark measures (`node --import tsx --import ./bench/support/exit-memory-hook.ts …`):
 * when the process exits, it writes to the file BENCH_EXIT_REPORT names its own peak resident memory
 * (VmHWM), its resident memory when this hook loaded (before the command's own modules) and its CPU
 * time, threads included. Sampling /proc from outside can miss the last moments before the exit;
 * this cannot. It does nothing else, and nothing at all without BENCH_EXIT_REPORT.
 */
import fs from "node:fs";

const out = process.env.BENCH_EXIT_REPORT;
if (out) {
  const kib = (status: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status)?.[1] ?? NaN);
  const atLoadKiB = kib(fs.readFileSync("/proc/self/status", "utf8"), "VmRSS");
  process.on("exit", (code) => {
    const status = fs.readFileSync("/proc/self/status", "utf8");
    const { user, system } = process.cpuUsage();
    fs.writeFileSync(out, JSON.stringify({ code, atLoadKiB, hwmKiB: kib(status, "VmHWM"), rssKiB: kib(status, "VmRSS"), cpuMs: (user + system) / 1000 }));
  });
}
