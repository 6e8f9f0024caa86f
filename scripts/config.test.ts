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
    expect(config.rebuildDebounceMs).toBe(300);
    expect(config.rateLimitScale).toBe(1);
    expect(config.s3).toBeUndefined();
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
    expect(readConfig({ RATE_LIMIT_SCALE: '100' }).rateLimitScale).toBe(100);
    expect(() => readConfig({ RATE_LIMIT_SCALE: '0' })).toThrow('RATE_LIMIT_SCALE must be a whole number between 1 and 1000');
    expect(readConfig({}).analyticsRetentionDays).toBe(400);
    expect(readConfig({ ANALYTICS_RETENTION_DAYS: '30' }).analyticsRetentionDays).toBe(30);
    expect(() => readConfig({ ANALYTICS_RETENTION_DAYS: '0' })).toThrow(
      'ANALYTICS_RETENTION_DAYS must be a whole number between 1 and 36500',
    );
  });

  it('backs up daily into DATA_DIR/backups keeping 7 by default, and reads the BACKUP_* variables', () => {
    expect(readConfig({ DATA_DIR: '/srv/site' }).backups).toEqual({ dir: path.resolve('/srv/site/backups'), keep: 7, intervalHours: 24 });
    expect(readConfig({ BACKUP_DIR: 'elsewhere', BACKUP_KEEP: '30', BACKUP_INTERVAL_HOURS: '6' }).backups).toEqual({
      dir: path.resolve('elsewhere'),
      keep: 30,
      intervalHours: 6,
    });
    expect(readConfig({ BACKUP_INTERVAL_HOURS: '0' }).backups.intervalHours).toBe(0); // off
    expect(readConfig({ BACKUP_DIR: '', BACKUP_KEEP: '' }).backups).toMatchObject({ dir: path.resolve('./data/backups'), keep: 7 });
  });

  it.each([
    ['BACKUP_KEEP', '0', 'BACKUP_KEEP must be a whole number between 1 and 1000'],
    ['BACKUP_KEEP', 'all', 'BACKUP_KEEP must be a whole number between 1 and 1000'],
    ['BACKUP_INTERVAL_HOURS', '-1', 'BACKUP_INTERVAL_HOURS must be a whole number between 0 and 8760'],
    ['BACKUP_INTERVAL_HOURS', '1.5', 'BACKUP_INTERVAL_HOURS must be a whole number between 0 and 8760'],
    ['BACKUP_INTERVAL_HOURS', '8761', 'BACKUP_INTERVAL_HOURS must be a whole number between 0 and 8760'],
  ])('refuses %s=%s, naming it', (name, value, message) => {
    expect(() => readConfig({ [name]: value })).toThrow(message);
  });

  it('strips trailing slashes from SITE_URL', () => {
    expect(readConfig({ SITE_URL: 'https://author.example/' }).siteUrl).toBe('https://author.example');
    expect(readConfig({ SITE_URL: 'https://author.example///' }).siteUrl).toBe('https://author.example');
    expect(readConfig({ SITE_URL: 'https://author.example/blog/' }).siteUrl).toBe('https://author.example/blog');
    expect(readConfig({ SITE_URL: 'https://author.example' }).siteUrl).toBe('https://author.example');
  });

  it('gives the origin of SITE_URL as the site origin only when SITE_URL is set', () => {
    expect(readConfig({}).siteOrigin).toBeUndefined();
    expect(readConfig({ SITE_URL: '' }).siteOrigin).toBeUndefined();
    expect(readConfig({ SITE_URL: 'https://Author.Example/blog/' }).siteOrigin).toBe('https://author.example');
    expect(readConfig({ SITE_URL: 'http://localhost:8080' }).siteOrigin).toBe('http://localhost:8080');
    expect(readConfig({ SITE_URL: 'https://author.example:443' }).siteOrigin).toBe('https://author.example');
  });

  it.each([
    'author.example',
    'ftp://author.example',
    'https://',
    'https://author.example/?x=1',
    'https://user@author.example',
    'not a url',
  ])('refuses SITE_URL=%j, naming it', (value) => {
    expect(() => readConfig({ SITE_URL: value })).toThrow(/^SITE_URL must be the site's public http\(s\) address/);
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

describe('readConfig: S3 uploads', () => {
  const keys = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'not-a-real-secret' };
  const credentials = { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'not-a-real-secret' };

  it('keeps uploads local unless S3_BUCKET is set', () => {
    expect(readConfig({ S3_BUCKET: '' }).s3).toBeUndefined();
  });

  it('targets AWS S3 with virtual-hosted addresses when no endpoint is given', () => {
    expect(readConfig({ S3_BUCKET: 'author-uploads', ...keys }).s3).toEqual({
      bucket: 'author-uploads',
      region: 'us-east-1',
      endpoint: undefined,
      credentials,
      forcePathStyle: false,
      prefix: undefined,
    });
    expect(readConfig({ S3_BUCKET: 'author-uploads', S3_REGION: 'eu-central-1', ...keys }).s3?.region).toBe('eu-central-1');
  });

  it('uses path-style addresses for a custom endpoint, and region "auto" for Cloudflare R2', () => {
    const r2 = readConfig({ S3_BUCKET: 'uploads', S3_ENDPOINT: 'https://0123abcd.r2.cloudflarestorage.com', ...keys }).s3;
    expect(r2).toMatchObject({ region: 'auto', endpoint: 'https://0123abcd.r2.cloudflarestorage.com', forcePathStyle: true });
    const minio = readConfig({ S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PREFIX: 'site/', ...keys }).s3;
    expect(minio).toMatchObject({ region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, prefix: 'site/' });
  });

  it('reads S3_FORCE_PATH_STYLE as true or false, naming it otherwise', () => {
    const withEndpoint = { S3_BUCKET: 'uploads', S3_ENDPOINT: 'https://s3.example', ...keys };
    expect(readConfig({ ...withEndpoint, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
    expect(readConfig({ S3_BUCKET: 'uploads', S3_FORCE_PATH_STYLE: 'true', ...keys }).s3?.forcePathStyle).toBe(true);
    expect(() => readConfig({ ...withEndpoint, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /^S3_FORCE_PATH_STYLE must be true or false \(got "yes"\)/,
    );
  });

  it('names each missing key when S3_BUCKET is set without credentials, and never prints a secret', () => {
    expect(() => readConfig({ S3_BUCKET: 'uploads' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set',
    );
    expect(() => readConfig({ S3_BUCKET: 'uploads', S3_SECRET_ACCESS_KEY: 'hunter2-secret' })).toThrow(
      /^S3_ACCESS_KEY_ID must be set when S3_BUCKET is set$/,
    );
    expect(() => readConfig({ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toThrow(/^S3_SECRET_ACCESS_KEY must be set/);
  });

  it('refuses S3 settings without S3_BUCKET instead of silently storing uploads locally', () => {
    expect(() => readConfig({ S3_ENDPOINT: 'https://s3.example', ...keys })).toThrow(
      'S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set without S3_BUCKET',
    );
  });

  it.each([
    ['S3_BUCKET', { S3_BUCKET: 'Author_Uploads' }, /^S3_BUCKET must be a bucket name/],
    ['S3_BUCKET', { S3_BUCKET: 'ab' }, /^S3_BUCKET must be a bucket name/],
    ['S3_ENDPOINT', { S3_BUCKET: 'uploads', S3_ENDPOINT: 's3.example.com' }, /^S3_ENDPOINT must be an http\(s\) URL/],
    ['S3_ENDPOINT', { S3_BUCKET: 'uploads', S3_ENDPOINT: 'ftp://s3.example.com' }, /^S3_ENDPOINT must be an http\(s\) URL/],
    ['S3_PREFIX', { S3_BUCKET: 'uploads', S3_PREFIX: '/uploads' }, /^S3_PREFIX must be a relative folder/],
    ['S3_PREFIX', { S3_BUCKET: 'uploads', S3_PREFIX: 'a/../b' }, /^S3_PREFIX must be a relative folder/],
    ['S3_PREFIX', { S3_BUCKET: 'uploads', S3_PREFIX: 'a//b' }, /^S3_PREFIX must be a relative folder/],
  ])('refuses a malformed %s, naming it', (_name, env, message) => {
    expect(() => readConfig({ ...keys, ...env })).toThrow(message);
  });

  it('reads the mail settings, and has none without SMTP_URL', () => {
    expect(readConfig({}).mail).toBeUndefined();
    const mail = readConfig({ SMTP_URL: 'smtps://user:pass@smtp.example.com:465', MAIL_FROM: 'Ada Quill <news@author.example>' }).mail;
    expect(mail?.smtpUrl.host).toBe('smtp.example.com:465');
    expect(mail?.from).toBe('Ada Quill <news@author.example>');
    expect(mail?.ratePerMinute).toBe(120);
    expect(readConfig({ SMTP_URL: 'smtp://h:587', MAIL_FROM: 'n@a.example', MAIL_RATE_PER_MINUTE: '30' }).mail?.ratePerMinute).toBe(30);
  });

  it('names the mail variable that is wrong, never showing the password', () => {
    expect(() => readConfig({ SMTP_URL: 'http://user:secret@h', MAIL_FROM: 'n@a.example' })).toThrow(
      /^SMTP_URL must look like .*value not shown/,
    );
    expect(() => readConfig({ SMTP_URL: 'http://user:secret@h', MAIL_FROM: 'n@a.example' })).not.toThrow(/secret/);
    expect(() => readConfig({ SMTP_URL: 'smtp://h:587' })).toThrow(/^MAIL_FROM must be/);
    expect(() => readConfig({ SMTP_URL: 'smtp://h:587', MAIL_FROM: 'n@a.example\r\nBcc: x@y.example' })).toThrow(/^MAIL_FROM must be/);
    expect(() => readConfig({ MAIL_FROM: 'n@a.example' })).toThrow(/^MAIL_FROM set without SMTP_URL/);
    expect(() => readConfig({ SMTP_URL: 'smtp://h:587', MAIL_FROM: 'n@a.example', MAIL_RATE_PER_MINUTE: '0' })).toThrow(
      /^MAIL_RATE_PER_MINUTE must be/,
    );
  });
});
