import { describe, expect, it } from 'vitest';
import { ACCOUNT_POLICY, accountKey, ADDRESS_POLICY, addressKey, delayAfterFailures, deviceKey, PAIR_POLICY, pairKey } from './throttle.ts';

describe('delayAfterFailures', () => {
  it('gives no delay within the allowance of 4 failures for one account from one address', () => {
    expect(PAIR_POLICY.freeFailures).toBe(4);
    for (const failures of [0, 1, 2, 3, 4]) expect(delayAfterFailures(failures, PAIR_POLICY)).toBe(0);
  });

  it('holds a whole account only after 10 different addresses failed', () => {
    expect(ACCOUNT_POLICY.freeFailures).toBe(10);
    expect(delayAfterFailures(10, ACCOUNT_POLICY)).toBe(0);
    expect(delayAfterFailures(11, ACCOUNT_POLICY)).toBe(1);
  });

  it('gives no delay within the address allowance of 20 failures', () => {
    expect(ADDRESS_POLICY.freeFailures).toBe(20);
    for (let failures = 0; failures <= 20; failures++) expect(delayAfterFailures(failures, ADDRESS_POLICY)).toBe(0);
    expect(delayAfterFailures(21, ADDRESS_POLICY)).toBe(1);
    expect(delayAfterFailures(22, ADDRESS_POLICY)).toBe(2);
  });

  it('doubles the delay after each failure past the allowance: 1, 2, 4, 8 … seconds', () => {
    const delays = [5, 6, 7, 8, 9, 10, 11].map((n) => delayAfterFailures(n, PAIR_POLICY));
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 64]);
  });

  it('caps the delay at 900 seconds (15 minutes)', () => {
    expect(delayAfterFailures(4 + 10, PAIR_POLICY)).toBe(512);
    expect(delayAfterFailures(4 + 11, PAIR_POLICY)).toBe(900); // 1024 capped
    expect(delayAfterFailures(4 + 12, PAIR_POLICY)).toBe(900);
    expect(delayAfterFailures(1000, PAIR_POLICY)).toBe(900);
    expect(delayAfterFailures(20 + 50, ADDRESS_POLICY)).toBe(900);
  });

  it('never gives a negative delay for a negative count', () => {
    expect(delayAfterFailures(-3, PAIR_POLICY)).toBe(0);
  });
});

describe('throttle keys', () => {
  it('accountKey lowercases the username so "Admin" and "admin" share one counter', () => {
    expect(accountKey('Admin')).toBe('account:admin');
    expect(accountKey('ADMIN')).toBe(accountKey('admin'));
  });

  it('pairKey and deviceKey start with the lower-cased account, so one prefix finds all of an account', () => {
    expect(pairKey('Admin', '203.0.113.7')).toBe('pair:admin|203.0.113.7');
    expect(deviceKey('ADMIN', 'd-1')).toBe('device:admin|d-1');
  });

  it('addressKey keeps the address as given', () => {
    expect(addressKey('203.0.113.7')).toBe('ip:203.0.113.7');
    expect(addressKey('2001:DB8::1')).toBe('ip:2001:DB8::1');
  });
});
