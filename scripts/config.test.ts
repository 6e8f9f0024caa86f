import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

// readConfig reads only the env it is given (integer() and list() take it as an argument), so
// each test passes its own object and process.env plays no part.

describe('readConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = readConfig({});
    expect(config.port).toBe(4321);
    expect(config.host).toBe('127.0.0.1');
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.dataDir.endsWith(`${path.sep}data`)).toBe(true);
    expect(config.database).toEqual({ databaseUrl: undefined, dataDir: config.dataDir, driver: undefined });
    expect(config.adminPassword).toBeUndefined();
    expect(config.sessionSecret).toBeUndefined();
    expect(config.trustedProxies).toEqual([]);
    expect(config.seedDemoContent).toBe(true);
    expect(config.siteUrl).toBe('http://localhost:4321');
    expect(config.rebuildDebounceMs).toBe(1500);
  });

  it('treats empty strings like unset variables', () => {
    const config = readConfig({ PORT: '', HOST: '', DATA_DIR: '', DATABASE_URL: '', ADMIN_PASSWORD: '', SITE_URL: '' });
    expect(config.port).toBe(4321);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database.databaseUrl).toBeUndefined();
    expect(config.adminPassword).toBeUndefined();
    expect(config.siteUrl).toBe('http://localhost:4321');
  });

  it('reads every variable from the env it is given, not from process.env', () => {
    const config = readConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/site-data',
      DATABASE_URL: 'postgres://u:p@db.example/site',
      DATABASE_DRIVER: 'postgres',
      ADMIN_PASSWORD: 'first password',
      SESSION_SECRET: 's'.repeat(40),
      REBUILD_DEBOUNCE_MS: '0',
    });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('/srv/site-data'));
    expect(config.database).toEqual({
      databaseUrl: 'postgres://u:p@db.example/site',
      dataDir: path.resolve('/srv/site-data'),
      driver: 'postgres',
    });
    expect(config.adminPassword).toBe('first password');
    expect(config.sessionSecret).toBe('s'.repeat(40));
    expect(config.rebuildDebounceMs).toBe(0);
    // The default site URL follows the configured port.
    expect(config.siteUrl).toBe('http://localhost:8080');
  });

  it('resolves a relative DATA_DIR to an absolute path', () => {
    expect(readConfig({ DATA_DIR: 'var/data' }).dataDir).toBe(path.resolve('var/data'));
  });

  it.each(['abc', '70000', '0', '-1', '80.5', '1e9'])('refuses PORT=%s with a message naming PORT', (value) => {
    expect(() => readConfig({ PORT: value })).toThrow(/^PORT must be a whole number between 1 and 65535/);
    expect(() => readConfig({ PORT: value })).toThrow(JSON.stringify(value));
  });

  it('accepts the edges of the PORT range', () => {
    expect(readConfig({ PORT: '1' }).port).toBe(1);
    expect(readConfig({ PORT: '65535' }).port).toBe(65535);
  });

  it('refuses a REBUILD_DEBOUNCE_MS out of range, naming it', () => {
    expect(() => readConfig({ REBUILD_DEBOUNCE_MS: '600001' })).toThrow(/^REBUILD_DEBOUNCE_MS must be a whole number between 0 and 600000/);
    expect(() => readConfig({ REBUILD_DEBOUNCE_MS: 'soon' })).toThrow(/REBUILD_DEBOUNCE_MS/);
    expect(readConfig({ REBUILD_DEBOUNCE_MS: '600000' }).rebuildDebounceMs).toBe(600_000);
  });

  it('strips trailing slashes from SITE_URL', () => {
    expect(readConfig({ SITE_URL: 'https://author.example/' }).siteUrl).toBe('https://author.example');
    expect(readConfig({ SITE_URL: 'https://author.example///' }).siteUrl).toBe('https://author.example');
    expect(readConfig({ SITE_URL: 'https://author.example/blog/' }).siteUrl).toBe('https://author.example/blog');
    expect(readConfig({ SITE_URL: 'https://author.example' }).siteUrl).toBe('https://author.example');
  });

  it('splits TRUSTED_PROXIES on commas, trimming and dropping empty entries', () => {
    expect(readConfig({ TRUSTED_PROXIES: 'a, b,,' }).trustedProxies).toEqual(['a', 'b']);
    expect(readConfig({ TRUSTED_PROXIES: ' loopback , 10.0.0.1 ' }).trustedProxies).toEqual(['loopback', '10.0.0.1']);
    expect(readConfig({ TRUSTED_PROXIES: ' , ' }).trustedProxies).toEqual([]);
  });

  it('turns the demo content off only for SEED_DEMO_CONTENT=false', () => {
    expect(readConfig({ SEED_DEMO_CONTENT: 'false' }).seedDemoContent).toBe(false);
    expect(readConfig({ SEED_DEMO_CONTENT: 'true' }).seedDemoContent).toBe(true);
    expect(readConfig({ SEED_DEMO_CONTENT: '' }).seedDemoContent).toBe(true);
  });
});
