// argon2id through a WASM build (hash-wasm), so the same code runs in Node and in a serverless
// runtime without native addons. Parameters: OWASP's minimum for argon2id (m=19 MiB, t=2, p=1).
import { argon2id, argon2Verify } from 'hash-wasm';

/** What one hash costs. The encoded hash records it, so a check costs what the hash it checks cost. */
export interface PasswordCost {
  iterations: number;
  parallelism: number;
  /** KiB */
  memorySize: number;
}

export const PASSWORD_COST: PasswordCost = { iterations: 2, parallelism: 1, memorySize: 19 * 1024 };

export async function hashPassword(password: string, cost: PasswordCost = PASSWORD_COST): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return argon2id({ password, salt, ...cost, hashLength: 32, outputType: 'encoded' });
}

export async function verifyPassword(password: string, encodedHash: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash: encodedHash });
  } catch {
    return false; // a malformed stored hash never matches
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, for a username that does not exist, so the response
 * time does not tell an attacker which usernames are real.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(password, await decoyHash);
  return false;
}
