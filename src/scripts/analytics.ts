// The reader's analytics (docs/product.md, What the pages record): page views, story and chapter views,
// reading depth and clicks on the links and buttons named below, sent to the API with the device's session id. Failures are ignored: analytics
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

/**
 * The name a click is counted under, or null for a click that is not counted: a `data-track` name
 * (Start/Continue, Copy), else the kind of link (next chapter, EPUB, feed, the author's social links).
 */
export function clickName(target: Pick<Element, 'getAttribute'>): string | null {
  const attribute = (name: string) => target.getAttribute(name) ?? '';
  const href = attribute('href').split(/[?#]/, 1)[0]!;
  if (attribute('data-track')) return attribute('data-track');
  if (attribute('rel').split(/\s+/).includes('next')) return 'next_chapter';
  if (href.endsWith('.epub')) return 'epub';
  if (href.endsWith('/feed.xml')) return 'feed';
  if (attribute('data-platform')) return `social_${attribute('data-platform')}`;
  return null;
}

/** Counts a click on a named link or button; the story it is about rides along (data-track-story). */
function trackClick(event: Event): void {
  const target = (event.target as Element | null)?.closest?.('a, button');
  const name = target && clickName(target);
  if (!target || !name) return;
  const story = target.getAttribute('data-track-story');
  track({ event_type: 'click', ...(story && { content_type: 'story', content_id: story }), meta: { name } });
}

let countingClicks = false;

/**
 * Counts the page's view, and from then on its clicks: every page with analytics counts both.
 * The listener is added here, not when the module loads, because the module shares a chunk with
 * code that pages without analytics (the admin) load too (astro.config.mjs). track() sends a
 * beacon, which outlives the page a link leaves. The title names the page in the dashboard's
 * page table (decision 0010).
 */
export function trackPageView(): void {
  track({ event_type: 'page_view', meta: { title: document.title.slice(0, 200) } });
  if (countingClicks) return;
  countingClicks = true;
  document.addEventListener('click', trackClick, { capture: true });
}
