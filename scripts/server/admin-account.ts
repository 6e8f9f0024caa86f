// The first account. A fresh site has no users, so the server creates `admin` at first start
// with ADMIN_PASSWORD, or with a generated password that it prints once.
import type { Kysely } from 'kysely';
import type { Database, StaffRole } from '#db/types.ts';
import { hashPassword } from '#functions/auth/password.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#lib/limits.ts';
import { userStore } from '#functions/auth/store.ts';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

export function generatePassword(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(15))).toString('base64url');
}

export function checkNewAccount(username: string, password: string, role: string): asserts role is StaffRole {
  if (!USERNAME_PATTERN.test(username)) {
    throw new Error('Username: 1-64 characters, letters, digits, ".", "_" or "-".');
  }
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new Error(`Password: ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`);
  }
  if (!['admin', 'author', 'mod'].includes(role)) throw new Error('Role: admin, author or mod.');
}

export async function createStaffAccount(db: Kysely<Database>, username: string, password: string, role: string) {
  checkNewAccount(username, password, role.toLowerCase());
  if (await userStore.findByUsername(db, username)) throw new Error(`An account named "${username}" already exists.`);
  return userStore.create(db, { username, password_hash: await hashPassword(password), role: role.toLowerCase() as StaffRole });
}

/** Creates `admin` when there are no accounts; returns the generated password when it made one. */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  configuredPassword: string | undefined,
): Promise<{ created: false } | { created: true; generatedPassword: string | null }> {
  if ((await userStore.count(db)) > 0) return { created: false };
  const password = configuredPassword ?? generatePassword();
  await createStaffAccount(db, 'admin', password, 'admin');
  return { created: true, generatedPassword: configuredPassword ? null : password };
}
