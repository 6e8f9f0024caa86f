// Which throttle counters a sign-in attempt is checked against and counts towards (throttle.ts
// says why): a known device answers for itself alone; anyone else for the account from this
// address, the address, and the account as a whole.
import type { Context } from 'hono';
import type { AppEnv } from '#core/env.ts';
import { knownDeviceId } from './known-device.ts';
import { ACCOUNT_POLICY, accountKey, ADDRESS_POLICY, addressKey, deviceKey, PAIR_POLICY, pairKey, throttleStore } from './throttle.ts';

export interface LoginGuard {
  /** This browser's known-device id for the account, or null. */
  deviceId: string | null;
  /** The counters whose block holds this attempt. */
  keys: string[];
  recordFailure(): Promise<void>;
  recordSuccess(): Promise<void>;
}

export async function loginGuard(c: Context<AppEnv>, username: string): Promise<LoginGuard> {
  const { db, clientIp } = c.var.deps;
  const deviceId = await knownDeviceId(c, username);
  if (deviceId) {
    const device = deviceKey(username, deviceId);
    return {
      deviceId,
      keys: [device],
      recordFailure: async () => void (await throttleStore.recordFailure(db, device, PAIR_POLICY)),
      recordSuccess: () => throttleStore.clear(db, device),
    };
  }
  const ip = clientIp(c);
  const pair = pairKey(username, ip);
  return {
    deviceId,
    keys: [pair, addressKey(ip), accountKey(username)],
    recordFailure: async () => {
      const failuresFromHere = await throttleStore.recordFailure(db, pair, PAIR_POLICY);
      await throttleStore.recordFailure(db, addressKey(ip), ADDRESS_POLICY);
      // The account counts addresses: a new one (its first failure within the hour) adds one.
      if (failuresFromHere === 1) await throttleStore.recordFailure(db, accountKey(username), ACCOUNT_POLICY);
    },
    recordSuccess: () => throttleStore.clear(db, pair),
  };
}
