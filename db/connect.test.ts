import { describe, expect, it } from 'vitest';
import { chooseDriver, embeddedDatabaseDir } from './connect.ts';

describe('chooseDriver', () => {
  it('uses the embedded database when no DATABASE_URL is set', () => {
    expect(chooseDriver({})).toBe('pglite');
    expect(chooseDriver({ databaseUrl: '' })).toBe('pglite');
  });

  it('uses pg for a plain postgres:// URL and Neon for Neon hosts', () => {
    expect(chooseDriver({ databaseUrl: 'postgres://u:p@db.internal:5432/site' })).toBe('postgres');
    expect(chooseDriver({ databaseUrl: 'postgresql://u:p@ep-cool-1234.eu-central-1.aws.neon.tech/site?sslmode=require' })).toBe('neon');
  });

  it('lets DATABASE_DRIVER force a driver', () => {
    expect(chooseDriver({ databaseUrl: 'postgres://u:p@proxy.local/site', driver: 'neon' })).toBe('neon');
  });
});

describe('embeddedDatabaseDir', () => {
  it('keeps PGlite files in pgdata inside DATA_DIR, or in memory for tests', () => {
    expect(embeddedDatabaseDir('/srv/site/data')).toBe('/srv/site/data/pgdata');
    expect(embeddedDatabaseDir('memory://')).toBe('memory://');
  });
});
