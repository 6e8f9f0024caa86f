// Request timing for the cloud run's closing figures: one request's time, and the median of many.

/** Milliseconds one GET takes until its whole body has arrived; throws on another status than `status`. */
export async function timeGet(url: string, status = 200): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== status) throw new Error(`GET ${url} answered ${response.status}, not ${status}`);
  return performance.now() - started;
}

/** The median of `count` sequential GETs, after `warmup` unmeasured ones. */
export async function medianGet(url: string, status = 200, count = 50, warmup = 5): Promise<number> {
  for (let i = 0; i < warmup; i++) await timeGet(url, status);
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await timeGet(url, status));
  times.sort((a, b) => a - b);
  return count % 2 ? times[(count - 1) / 2]! : (times[count / 2 - 1]! + times[count / 2]!) / 2;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
