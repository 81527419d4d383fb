// The part of fs-native-extensions the data folder lock uses (the package ships no types).
declare module "fs-native-extensions" {
  /** An exclusive advisory lock on the whole file; false when another open file holds it. */
  export function tryLock(fd: number): boolean;
  export function unlock(fd: number): void;
  const locks: { tryLock: typeof tryLock; unlock: typeof unlock };
  export default locks;
}
