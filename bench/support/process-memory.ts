/**
 * Resident memory of the app's server process from Linux /proc: which process of a `next start`
 * process group listens on the app's port (the one that serves requests, whether or not it is the
 * process that was spawned), its VmRSS, and a wait until that figure stops moving. When the process
 * runs with `--inspect=127.0.0.1:0`, its inspector can also collect its garbage and read its heap.
 * Also the CPU time of a whole process tree (a browser and its renderers).
 */
import fs from "node:fs";
import { WebSocket } from "undici";

/** Pids of every live process in a process group. */
export function groupPids(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) === pgid) pids.push(Number(entry));
    } catch {
      // Ended meanwhile.
    }
  }
  return pids;
}

/** The listening sockets of this machine: inode → port (IPv4 and IPv6). */
function listeningSockets(): Map<string, number> {
  const sockets = new Map<string, number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; state 0A is LISTEN; the inode is the tenth field.
      if (f.length > 9 && f[3] === "0A") sockets.set(f[9], Number.parseInt(f[1].split(":").at(-1)!, 16));
    }
  }
  return sockets;
}

/** Pids of the processes whose parent is `pid`. */
export function childPids(pid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) pids.push(Number(entry));
    } catch {
      // Ended meanwhile.
    }
  }
  return pids;
}

/** utime + stime, in ms, of a process and every process below it. */
export function treeCpuMs(root: number): number {
  const children = new Map<number, number[]>();
  const cpu = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ppid = Number(f[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
      cpu.set(Number(entry), ((Number(f[11]) + Number(f[12])) * 1000) / 100); // USER_HZ is 100
    } catch {
      // Ended meanwhile.
    }
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    total += cpu.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Inodes of the sockets listening on `port`. */
function listeningInodes(port: number): Set<string> {
  return new Set([...listeningSockets()].filter(([, p]) => p === port).map(([inode]) => inode));
}

/** Inodes of the sockets a process holds open. */
function socketInodes(pid: number): string[] {
  const inodes: string[] = [];
  let fds: string[];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.push(m[1]);
    } catch {
      // Closed meanwhile.
    }
  }
  return inodes;
}

/** The process of the group `pgid` that holds the socket listening on `port`. */
export function listeningPid(pgid: number, port: number): number {
  const inodes = listeningInodes(port);
  for (const pid of groupPids(pgid)) if (socketInodes(pid).some((inode) => inodes.has(inode))) return pid;
  throw new Error(`No process of group ${pgid} listens on port ${port}`);
}

/** VmRSS of a process, in KiB. */
export function rssKiB(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!m) throw new Error(`No VmRSS for process ${pid}`);
  return Number(m[1]);
}

export function commandLine(pid: number): string {
  return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
}

export type SettledRss = { kib: number; samples: number; spreadKiB: number; waitedMs: number; settled: boolean };

/**
 * Samples VmRSS every `everyMs` until the last `window` samples lie within `toleranceKiB` of each
 * other (the heap has stopped growing or shrinking: garbage collection has caught up), or `maxMs`
 * passed. The figure is the median of that window.
 */
export async function settledRss(pid: number, { everyMs = 500, window = 8, toleranceKiB = 1024, maxMs = 90_000 } = {}): Promise<SettledRss> {
  const started = Date.now();
  const samples: number[] = [];
  for (;;) {
    samples.push(rssKiB(pid));
    const last = samples.slice(-window);
    const spread = Math.max(...last) - Math.min(...last);
    const waited = Date.now() - started;
    if ((last.length === window && spread <= toleranceKiB) || waited >= maxMs) {
      const sorted = [...last].sort((a, b) => a - b);
      return { kib: sorted[Math.floor(sorted.length / 2)], samples: samples.length, spreadKiB: spread, waitedMs: waited, settled: last.length === window && spread <= toleranceKiB };
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export type Inspector = {
  /** A full garbage collection (V8's HeapProfiler.collectGarbage). */
  collectGarbage(): Promise<void>;
  /** process.memoryUsage() of the process, in bytes. */
  memoryUsage(): Promise<NodeJS.MemoryUsage>;
  close(): void;
};

/**
 * The inspector of a process started with `--inspect=127.0.0.1:0`: found among the ports it listens
 * on (other than `appPort`) by the DevTools protocol's /json/list.
 */
export async function inspectorOf(pid: number, appPort: number): Promise<Inspector> {
  const own = new Set(socketInodes(pid));
  const ports = [...listeningSockets()].filter(([inode, port]) => own.has(inode) && port !== appPort).map(([, port]) => port);
  let url: string | undefined;
  for (const port of ports) {
    try {
      const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl?: string }>;
      url = targets.find((t) => t.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
      if (url) break;
    } catch {
      // Not the inspector.
    }
  }
  if (!url) throw new Error(`Process ${pid} has no inspector (start it with --inspect=127.0.0.1:0)`);
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error(`Could not connect to the inspector at ${url}`)), { once: true });
  });
  let id = 0;
  const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener("message", (message) => {
    const data = JSON.parse(String(message.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const call = data.id === undefined ? undefined : waiting.get(data.id);
    if (!call) return;
    waiting.delete(data.id!);
    if (data.error) call.reject(new Error(data.error.message));
    else call.resolve(data.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      waiting.set(++id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async collectGarbage() {
      await send("HeapProfiler.collectGarbage");
    },
    async memoryUsage() {
      const result = (await send("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())", returnByValue: true })) as { result: { value: string } };
      return JSON.parse(result.result.value) as NodeJS.MemoryUsage;
    },
    close: () => socket.close(),
  };
}
