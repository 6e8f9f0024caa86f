// Which PostgreSQL the cloud run starts: the newest installed major version, or none (then the
// run is skipped with a message instead of failing).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPostgresBin } from './postgres-cluster.ts';

const roots: string[] = [];
function fakeInstall(versions: string[], withInitdb = true): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-versions-'));
  roots.push(root);
  for (const version of versions) {
    fs.mkdirSync(path.join(root, version, 'bin'), { recursive: true });
    if (withInitdb) fs.writeFileSync(path.join(root, version, 'bin', 'initdb'), '');
  }
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('findPostgresBin', () => {
  it('picks the newest major version by number, not by text (9 < 15 < 16)', () => {
    const root = fakeInstall(['9', '16', '15']);
    expect(findPostgresBin(root)).toBe(path.join(root, '16', 'bin'));
  });

  it('is null when PostgreSQL is not installed, or a folder holds no initdb', () => {
    expect(findPostgresBin(path.join(os.tmpdir(), 'no-such-postgresql-folder'))).toBeNull();
    expect(findPostgresBin(fakeInstall(['15'], false))).toBeNull();
  });
});
