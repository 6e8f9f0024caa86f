// Choices a reader makes are kept on the device (localStorage). Storage may be blocked (private
// modes, strict settings): then reads find nothing and writes are dropped, never thrown.
export type DeviceStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function browserStorage(): DeviceStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readItem(storage: DeviceStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(storage: DeviceStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Not remembered; this page still follows the choice.
  }
}
