import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTestFiles, filesImporting } from './database-files.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

describe('databaseTestFiles', () => {
  const files = databaseTestFiles(REPO_ROOT, ['functions/**/*.test.ts', 'db/**/*.test.ts']);

  it('finds the files that open a database, directly or through the API harness', () => {
    expect(files).toContain('db/migrations.test.ts'); // openTestDatabase
    expect(files).toContain('functions/security/csrf.test.ts'); // useApiTestContext
  });

  it('leaves out the files that never open one', () => {
    expect(files).not.toContain('functions/core/validate.test.ts');
  });
});

describe('filesImporting', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'database-files-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('package.json', JSON.stringify({ imports: { '#kit/*': './kit/*' } }));
  write('kit/target.ts', 'export const target = 1;');
  // a and b import each other; only b leads on to the target.
  write('kit/a.ts', "import { b } from './b.ts';\nexport const a = b;");
  write('kit/b.ts', "import { a } from './a.ts';\nexport { target as b } from './target.ts';");
  write('kit/plain.ts', "import { z } from 'zod';\nexport const plain = z;");
  write('alias.test.ts', "import {\n  a,\n} from '#kit/a.ts';");
  write('lazy.test.ts', "await import('./kit/target.ts');");
  write('plain.test.ts', "import '#kit/plain.ts';\nimport { a } from './kit/missing.ts';\nimport type { b } from './kit/b.ts';");

  it('follows package.json import aliases, dynamic imports and cycles, and not type-only imports', () => {
    expect(filesImporting(root, ['alias.test.ts', 'lazy.test.ts', 'plain.test.ts'], 'kit/target.ts')).toEqual([
      'alias.test.ts',
      'lazy.test.ts',
    ]);
  });
});
