import { useEffect, useMemo, useState } from 'react';
import { debounce } from './debounce.ts';

/** `value` once it has stopped changing for `waitMs`. */
export function useDebouncedValue<T>(value: T, waitMs: number): T {
  const [settled, setSettled] = useState(value);
  const settle = useMemo(() => debounce((next: T) => setSettled(() => next), waitMs), [waitMs]);
  useEffect(() => settle(value), [settle, value]);
  useEffect(() => settle.cancel, [settle]);
  return settled;
}
