// Shared by the analytics tests: a browser's user agent, an ingest call as the reader's pages
// make it, and the stored rows.
import { vi } from 'vitest';
import type { ApiTestContext } from '#scripts/test/api.ts';

export const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const SESSION_ID = '6f9619ff-8b86-4011-b42d-00c04fc964ff';

export interface IngestOptions {
  headers?: Record<string, string>;
  ip?: string;
  path?: string;
}

export function ingest(t: ApiTestContext, event: unknown, options: IngestOptions = {}): Promise<Response> {
  return t.call(options.path ?? '/api/analytics/ingest', {
    json: event,
    headers: { 'user-agent': CHROME_ON_WINDOWS, ...options.headers },
    ...(options.ip ? { ip: options.ip } : {}),
  });
}

export const pageView = (extra: Record<string, unknown> = {}) => ({
  event_type: 'page_view',
  session_id: SESSION_ID,
  url_path: '/storytime',
  referrer: null,
  ...extra,
});

export function storedEvents(t: ApiTestContext) {
  return t.database.db.selectFrom('analytics_events').selectAll().orderBy('id').execute();
}

export function storedSalts(t: ApiTestContext) {
  return t.database.db.selectFrom('analytics_salts').select(['day', 'salt']).orderBy('day').execute();
}

/** Moves the app's clock (Date only: timers and promises keep running, nothing sleeps). */
export function setClock(iso: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}
