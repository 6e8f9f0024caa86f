// Visitors who mean harm or are merely unlucky, for `npm run bench:hostile`: a reader on a very
// slow line, a download manager asking for a thousand ranges, a script posting analytics events
// nested far too deep. Each reports what the server answered.
import http from 'node:http';
import { USER_AGENT_DRAW } from './analytics-audience.ts';
import type { Outcome } from './server-watch.ts';

/** Reads `url` at about `bytesPerSecond` for `seconds`, then hangs up. */
export function readSlowly(url: string, bytesPerSecond: number, seconds: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, (response) => {
      response.pause();
      let read = 0;
      const timer = setInterval(() => {
        const chunk = response.read(bytesPerSecond) as Buffer | null;
        read += chunk?.length ?? 0;
      }, 1000);
      setTimeout(() => {
        clearInterval(timer);
        request.destroy();
        resolve({ statuses: [response.statusCode ?? 0], note: `${read} bytes read in ${seconds} s` });
      }, seconds * 1000);
    });
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
  });
}

/** `requests` GETs of `url`, each with a Range header of `ranges` one-byte ranges. */
export async function manyRanges(url: string, requests: number, ranges: number): Promise<Outcome> {
  const header = `bytes=${Array.from({ length: ranges }, (_, i) => `${i * 2}-${i * 2}`).join(',')}`;
  const statuses = await Promise.all(
    Array.from({ length: requests }, async () => {
      const response = await fetch(url, { headers: { range: header } });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  return { statuses };
}

/** An analytics event whose `meta` nests `depth` objects, as raw JSON text (JSON.stringify would overflow). */
export function deeplyNestedEvent(depth: number): string {
  return `{"event_type":"page_view","url_path":"/","meta":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
}

/** What a reader's browser sends with an event: without a browser's user agent the ingest takes it for a bot and reads nothing. */
const READER = { 'content-type': 'application/json', 'user-agent': USER_AGENT_DRAW[0]! };

/** Posts `count` such events, `concurrency` at a time, from one address. */
export async function postNestedEvents(base: string, count: number, depth: number, concurrency = 10): Promise<Outcome> {
  const body = deeplyNestedEvent(depth);
  const statuses: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next++ < count) {
      const response = await fetch(`${base}/api/analytics/ingest`, { method: 'POST', headers: { ...READER, origin: base }, body });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { statuses };
}
