// The reader's analytics (docs/product.md, What the pages record): page views, story and chapter views and
// reading depth, sent to the API with the device's session id. Failures are ignored: analytics
// must never get in a reader's way. sendBeacon survives the page being closed.
const SESSION_KEY = 'session_id';
const INGEST_PATH = '/api/analytics/ingest';
/** The server refuses a session id that is not a UUID; anything else stored under the key is replaced. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type EventType = 'page_view' | 'story_view' | 'chapter_view' | 'chapter_depth' | 'gallery_view' | 'image_view' | 'click';

interface AnalyticsEvent {
  event_type: EventType;
  content_type?: string;
  content_id?: string;
  parent_type?: string;
  parent_id?: string;
  value_num?: number;
  meta?: Record<string, unknown>;
}

/** A random UUID kept on the device; null where storage is blocked. */
function sessionId(): string | null {
  try {
    let id = localStorage.getItem(SESSION_KEY);
    if (!id || !UUID.test(id)) {
      id = crypto.randomUUID();
      localStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return null; // the server accepts only UUIDs, or none
  }
}

export function track(event: AnalyticsEvent): void {
  try {
    const body = JSON.stringify({
      ...event,
      session_id: sessionId(),
      url_path: location.pathname,
      referrer: document.referrer || null,
    });
    const blob = new Blob([body], { type: 'application/json' });
    if (!navigator.sendBeacon?.(INGEST_PATH, blob)) {
      void fetch(INGEST_PATH, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(() => {});
    }
  } catch {
    // Ignored by design.
  }
}

/** The title names the page in the dashboard's page table (decision 0010). */
export function trackPageView(): void {
  track({ event_type: 'page_view', meta: { title: document.title.slice(0, 200) } });
}
