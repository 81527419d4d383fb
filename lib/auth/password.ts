import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { verify as bcryptVerify } from "@node-rs/bcrypt";
import { withHashingSlot } from "./hashing-slots";

/**
 * Passwords are stored as argon2id with OWASP's recommended minimum (19 MiB of memory, 2 passes,
 * 1 lane). Both libraries are native and compute on libuv's thread pool, never on the event loop;
 * withHashingSlot caps how many run at once. bcrypt hashes from earlier releases still verify, and
 * verifyPassword says when a hash should be replaced (see verify-credentials.ts).
 */
export const PASSWORD_MIN = 8;
// Kept from the bcrypt era (bcrypt reads only 72 bytes): a longer password would have been cut
// silently there, and a bound keeps the cost of one hash fixed.
export const PASSWORD_MAX_BYTES = 72;

const ARGON2ID = 2; // Algorithm.Argon2id: the library's const enum cannot be imported under isolatedModules.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** Every hash made with the current parameters starts with this. */
export const CURRENT_HASH_PREFIX = `$argon2id$v=19$m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return withHashingSlot(() => argon2Hash(password, OPTIONS));
}

type PasswordCheck = { ok: boolean; needsRehash: boolean };

export async function verifyPassword(password: string, stored: string): Promise<PasswordCheck> {
  const ok = await withHashingSlot(async () => {
    if (stored.startsWith("$argon2")) return argon2Verify(stored, password);
    if (/^\$2[abxy]\$/.test(stored)) return bcryptVerify(password, stored);
    return false;
  });
  return { ok, needsRehash: ok && !stored.startsWith(CURRENT_HASH_PREFIX) };
}
