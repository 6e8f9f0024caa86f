import { describe, expect, it } from 'vitest';
import { readWorkerConfig, WORKER_ARCHIVE_MAX_BYTES, WorkerConfigError } from './config.ts';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const VALID = {
  DATABASE_URL: 'postgres://site:pa55word@ep-cool-name-123.eu-central-1.aws.neon.tech/site?sslmode=require',
  SESSION_SECRET: SECRET,
  SITE_URL: 'https://author.example/',
  S3_BUCKET: 'author-uploads',
  S3_ENDPOINT: 'https://0123abcd.r2.cloudflarestorage.com',
  S3_ACCESS_KEY_ID: 'key-id',
  S3_SECRET_ACCESS_KEY: 's3-secret-value',
};

const errorOf = (env: Record<string, string | undefined>): WorkerConfigError => {
  try {
    readWorkerConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(WorkerConfigError);
    return error as WorkerConfigError;
  }
  throw new Error('expected a configuration error');
};

describe('readWorkerConfig', () => {
  it('reads a complete configuration, with R2 defaults and no deploy hook', () => {
    const config = readWorkerConfig(VALID);
    expect(config).toMatchObject({
      databaseUrl: VALID.DATABASE_URL,
      neonProxy: undefined,
      siteUrl: 'https://author.example',
      siteOrigin: 'https://author.example',
      deployHookUrl: undefined,
      rateLimitScale: 1,
      archiveMaxBytes: WORKER_ARCHIVE_MAX_BYTES,
      mail: undefined,
    });
    expect(new TextDecoder().decode(config.sessionSecret)).toBe(SECRET);
    expect(config.s3).toMatchObject({ bucket: 'author-uploads', region: 'auto', forcePathStyle: true, endpoint: VALID.S3_ENDPOINT });
  });

  it('reads the loopback proxy of the tests and the deploy hook', () => {
    const config = readWorkerConfig({ ...VALID, NEON_WS_PROXY: 'ws://127.0.0.1:5480/v2', DEPLOY_HOOK_URL: 'http://127.0.0.1:5490/hook' });
    expect(config.neonProxy).toEqual({ address: '127.0.0.1:5480/v2', secure: false });
    expect(config.deployHookUrl).toBe('http://127.0.0.1:5490/hook');
    expect(readWorkerConfig({ ...VALID, NEON_WS_PROXY: 'wss://proxy.example' }).neonProxy).toEqual({
      address: 'proxy.example',
      secure: true,
    });
  });

  it('reads the mail settings as the Node server does', () => {
    const config = readWorkerConfig({
      ...VALID,
      SMTP_URL: 'smtps://news%40author.example:p%40ss@smtp.example:465',
      MAIL_FROM: '"Ada Quill" <news@author.example>',
      MAIL_RATE_PER_MINUTE: '30',
    });
    expect(config.mail).toMatchObject({ from: '"Ada Quill" <news@author.example>', ratePerMinute: 30 });
    expect(config.mail?.smtpUrl.href).toBe('smtps://news%40author.example:p%40ss@smtp.example:465');
  });

  it.each([
    [{ MAIL_FROM: 'news@author.example' }, 'MAIL_FROM set without SMTP_URL'],
    [{ SMTP_URL: 'https://user:hunter2@smtp.example', MAIL_FROM: 'news@author.example' }, 'SMTP_URL must look like smtp://'],
    [{ SMTP_URL: 'smtp://smtp.example:587' }, 'MAIL_FROM must be the sender'],
    [{ SMTP_URL: 'smtp://smtp.example:587', MAIL_FROM: 'news@author.example', MAIL_RATE_PER_MINUTE: '0' }, 'MAIL_RATE_PER_MINUTE'],
  ])('refuses the mail settings %j, naming the variable', (change, message) => {
    const error = errorOf({ ...VALID, ...change });
    expect(error.message).toContain(message);
    expect(error.message).not.toContain('hunter2');
  });

  it.each([
    ['DATABASE_URL', 'DATABASE_URL must be set'],
    ['SESSION_SECRET', 'SESSION_SECRET must be set'],
    ['SITE_URL', 'SITE_URL must be set'],
    ['S3_BUCKET', 'S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set without S3_BUCKET'],
    ['S3_SECRET_ACCESS_KEY', 'S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set'],
  ])('names %s when it is missing', (name, message) => {
    expect(errorOf({ ...VALID, [name]: undefined }).message).toContain(message);
    expect(errorOf({ ...VALID, [name]: '' }).message).toContain(message);
  });

  it('says uploads need a bucket when no S3 variable is set at all', () => {
    const { S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, ...withoutS3 } = VALID;
    expect(errorOf(withoutS3).message).toMatch(/^S3_BUCKET must be set: a Worker has no disk/);
  });

  it.each([
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET must be at least 32 characters long.'],
    [{ SITE_URL: 'javascript:alert(1)' }, "SITE_URL must be the site's public http(s) address"],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ NEON_WS_PROXY: '127.0.0.1:5480/v2' }, 'NEON_WS_PROXY must be a ws:// or wss:// address'],
    [{ NEON_WS_PROXY: 'ws://127.0.0.1:5480/v2?address=evil:5432' }, 'NEON_WS_PROXY must be a ws:// or wss:// address'],
    [{ DEPLOY_HOOK_URL: 'file:///etc/passwd' }, 'DEPLOY_HOOK_URL must be an http(s) URL'],
    [{ S3_PREFIX: '../other' }, 'S3_PREFIX must be a relative folder'],
    [{ RATE_LIMIT_SCALE: '0' }, 'RATE_LIMIT_SCALE must be a whole number between 1 and 1000'],
    [{ ARCHIVE_MAX_BYTES: String(500 * 1024 * 1024) }, 'ARCHIVE_MAX_BYTES must be a whole number between'],
    [{ ANALYTICS_RETENTION_DAYS: "1'; drop table stories; --" }, 'ANALYTICS_RETENTION_DAYS must be a whole number'],
  ])('refuses %j, naming the variable', (change, message) => {
    expect(errorOf({ ...VALID, ...change }).message).toContain(message);
  });

  it('never repeats a secret in its messages', () => {
    const leaky = { ...VALID, DATABASE_URL: 'mysql://user:hunter2-secret@db', SESSION_SECRET: 'hunter2-short' };
    expect(errorOf(leaky).message).not.toContain('hunter2');
    expect(errorOf({ ...VALID, DATABASE_URL: 'mysql://user:hunter2-secret@db' }).message).not.toContain('hunter2');
    expect(errorOf({ ...VALID, DEPLOY_HOOK_URL: 'ftp://hooks.example/hunter2-token' }).message).not.toContain('hunter2');
  });
});
