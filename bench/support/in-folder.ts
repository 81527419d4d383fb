/**
 * Runs `spawning` with `root` as the working directory, so the processes it spawns start there: a
 * benchmark measuring an older build beside this one runs that checkout's own build and scripts.
 */
export function inFolder<T>(root: string, spawning: () => T): T {
  const previous = process.cwd();
  process.chdir(root);
  try {
    return spawning();
  } finally {
    process.chdir(previous);
  }
}
