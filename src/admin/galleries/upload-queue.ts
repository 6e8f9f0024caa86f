// Runs a task for every item, at most `limit` at a time, in order of the items. Gallery uploads
// go one file per request, a few in parallel: each file gets its own progress and outcome, and a
// big batch neither waits on one huge request nor floods the server.

export const PARALLEL_UPLOADS = 3;

export async function runLimited<T>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(limit, 1), items.length) }, worker));
}
