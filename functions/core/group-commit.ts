// Group commit for the busiest writes (rate-limit counters, analytics events): calls that arrive
// while a batch is being written wait and go together in the next one. A lone call runs in the
// next turn of the event loop (no timer); under load, fifty concurrent calls cost one statement instead of
// fifty, which is what lets the embedded database (one query at a time) keep up (docs/product.md, Speed and capacity).
// Each caller still awaits its own write, so an answer is only sent once its data is stored.
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';

/**
 * The embedded database runs each query on this thread, so requests that arrive during one cannot
 * join its batch; the first write waits for the current turn of the event loop to end, which lets
 * the requests already received reach the queue (microseconds, not a timer's millisecond).
 */
const nextTurn: (run: () => void) => void = globalThis.setImmediate ?? ((run) => setTimeout(run, 0));

/** Bounds one statement's size; more waiting calls go in the following batch. */
const MAX_BATCH = 500;

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/**
 * Returns a function that queues `item` and resolves with its result from `write`, which gets a
 * batch and returns one result per item, in order. A batch that fails is written again one item
 * at a time, so a bad item fails alone.
 */
export function groupCommit<T, R>(write: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let queue: Waiting<T, R>[] = [];
  let writing = false;

  async function settle(batch: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await write(batch.map((waiting) => waiting.item));
      for (const [index, waiting] of batch.entries()) waiting.resolve(results[index]!);
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const waiting of batch) await settle([waiting]);
    }
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      await settle(batch);
    }
    writing = false;
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) {
        writing = true;
        nextTurn(() => void drain());
      }
    });
}

/** One group-commit queue per database handle (tests and entries may open several). */
export function perDatabase<T>(make: (db: Kysely<Database>) => T): (db: Kysely<Database>) => T {
  const made = new WeakMap<Kysely<Database>, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
