/**
 * Loaded with `--import` into a server a benchmark starts: a V8 CPU profile of the whole process,
 * written as <pid>.cpuprofile into BENCH_CPU_PROFILE_DIR when it exits (Node refuses `--cpu-prof` in
 * NODE_OPTIONS). Open it in Chrome's DevTools or any .cpuprofile viewer.
 */
import fs from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

const folder = process.env.BENCH_CPU_PROFILE_DIR;
if (folder) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.start");
  // An in-process session answers at once, so the profile is written before the process ends.
  process.on("exit", () =>
    session.post("Profiler.stop", (error, result) => {
      if (error) return;
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    }),
  );
}
