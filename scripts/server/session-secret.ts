import fs from 'node:fs';
import path from 'node:path';

/**
 * SESSION_SECRET when set; otherwise a random secret kept in DATA_DIR so sessions survive a
 * restart (a restore moves it aside: restore-backup.ts). Several servers behind one domain must
 * share SESSION_SECRET.
 */
export function loadSessionSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) {
    if (configured.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters long.');
    return new TextEncoder().encode(configured);
  }
  const file = path.join(dataDir, 'session-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
