// Promise.all that waits for every task before failing. A publish runs steps side by side that
// write into its folder; when one fails, the folder is removed, which must wait until no other
// step still writes into it.
export async function settleAll<T extends readonly unknown[] | []>(tasks: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = (await Promise.allSettled(tasks)) as PromiseSettledResult<unknown>[];
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
