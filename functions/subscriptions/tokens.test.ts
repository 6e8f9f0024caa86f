import { describe, expect, it } from 'vitest';
import {
  CONFIRM_TOKEN_DAYS,
  confirmToken,
  confirmTokenValid,
  tokenSubscriberId,
  unsubscribeToken,
  unsubscribeTokenValid,
} from './tokens.ts';

const secret = new TextEncoder().encode('a test secret of at least thirty-two bytes');
const issued = new Date('2026-11-20T10:00:00Z');
const row = { id: 42, email: 'reader@example.com', token_issued_at: issued };
const day = 24 * 60 * 60 * 1000;

describe('confirmation tokens', () => {
  it('name their subscriber and confirm it within the days they last', async () => {
    const token = await confirmToken(secret, row);
    expect(tokenSubscriberId(token)).toBe(42);
    expect(await confirmTokenValid(secret, token, row, new Date(issued.getTime() + CONFIRM_TOKEN_DAYS * day))).toBe(true);
    expect(await confirmTokenValid(secret, token, row, new Date(issued.getTime() + CONFIRM_TOKEN_DAYS * day + 1))).toBe(false);
  });

  it('stop working when a new link is issued, for another address, under another secret, or for a missing row', async () => {
    const token = await confirmToken(secret, row);
    const now = new Date(issued.getTime() + 60_000);
    expect(await confirmTokenValid(secret, token, { ...row, token_issued_at: new Date(issued.getTime() + 1) }, now)).toBe(false);
    expect(await confirmTokenValid(secret, token, { ...row, email: 'other@example.com' }, now)).toBe(false);
    expect(await confirmTokenValid(new TextEncoder().encode('another secret of at least thirty-two bytes'), token, row, now)).toBe(false);
    expect(await confirmTokenValid(secret, token, undefined, now)).toBe(false);
    expect(await confirmTokenValid(secret, `${token.slice(0, -1)}0`, row, now)).toBe(false);
  });

  it('are never an unsubscribe token, nor the other way round', async () => {
    expect(await confirmToken(secret, row)).not.toBe(await unsubscribeToken(secret, row));
    expect(await unsubscribeTokenValid(secret, await confirmToken(secret, row), row)).toBe(false);
  });
});

describe('unsubscribe tokens', () => {
  it('keep working for the life of the subscription and only for its address', async () => {
    const token = await unsubscribeToken(secret, row);
    expect(await unsubscribeTokenValid(secret, token, row)).toBe(true);
    expect(await unsubscribeTokenValid(secret, token, { id: 42, email: 'other@example.com' })).toBe(false);
    expect(await unsubscribeTokenValid(secret, token, undefined)).toBe(false);
  });
});

describe('tokenSubscriberId', () => {
  it.each([
    '',
    '42',
    '42.',
    '0.0123456789abcdef0123456789abcdef',
    '42.0123456789ABCDEF0123456789ABCDEF',
    "42.' or 1=1 --",
    '42.0123456789abcdef0123456789abcdef0',
    '99999999999.0123456789abcdef0123456789abcdef',
    '2147483648.0123456789abcdef0123456789abcdef',
    '../42.0123456789abcdef0123456789abcdef',
  ])('finds no subscriber in %j', (token) => {
    expect(tokenSubscriberId(token)).toBeNull();
  });
});
