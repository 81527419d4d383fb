import bcrypt from "bcryptjs";

const COST = 12;
export const PASSWORD_MIN = 8;
// bcrypt reads only the first 72 bytes; longer passwords would be silently truncated.
export const PASSWORD_MAX_BYTES = 72;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
