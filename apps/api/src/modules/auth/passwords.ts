import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { isStrongPassword } from '@lavoura/domain';

/** argon2id, the memory-hard default of @node-rs/argon2 (19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random temporary password that satisfies the password rule (no look-alike characters). */
export function temporaryPassword(length = 10): string {
  for (;;) {
    const candidate = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (isStrongPassword(candidate)) return candidate;
  }
}

/** A 6-digit activation code. */
export function activationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
