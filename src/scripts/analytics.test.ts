import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsEventBody } from '#functions/analytics/schema.ts';

/** An element as the click handler sees it: attributes, and itself as the closest link or button. */
const element = (attributes: Record<string, string>) => {
  const node = { getAttribute: (name: string) => attributes[name] ?? null, closest: () => node };
  return node;
};

describe('clicks the reader pages count', () => {
  let onClick: ((event: { target: unknown }) => void) | undefined;
  const beacons: string[] = [];

  beforeEach(async () => {
    vi.resetModules();
    beacons.length = 0;
    onClick = undefined;
    vi.stubGlobal('document', {
      referrer: '',
      title: 'Chapter 2',
      addEventListener: (_type: string, handler: typeof onClick) => (onClick = handler),
    });
    vi.stubGlobal('location', { pathname: '/storytime/story/fleet/chapter/2/' });
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {} });
    vi.stubGlobal('navigator', {
      sendBeacon: (_url: string, blob: Blob) => {
        void blob.text().then((text) => beacons.push(text));
        return true;
      },
    });
    const analytics = await import('./analytics.ts');
    // Loading the module listens for nothing: a page counts clicks once it counts its view.
    expect(onClick).toBeUndefined();
    analytics.trackPageView();
    expect(onClick).toBeDefined();
  });
  afterEach(() => vi.unstubAllGlobals());

  const sent = async () => {
    const clicks = () => beacons.map((body) => analyticsEventBody.parse(JSON.parse(body))).filter((event) => event.event_type === 'click');
    await vi.waitFor(() => expect(clicks().length).toBeGreaterThan(0));
    return clicks();
  };

  it('sends a click the API accepts, named after the link, with the story it is about', async () => {
    onClick!({
      target: element({ href: '/storytime/story/fleet/chapter/1/', 'data-track': 'start_reading', 'data-track-story': 'fleet' }),
    });
    expect(await sent()).toEqual([
      expect.objectContaining({
        event_type: 'click',
        url_path: '/storytime/story/fleet/chapter/2/',
        content_type: 'story',
        content_id: 'fleet',
        meta: { name: 'start_reading' },
      }),
    ]);
  });

  it.each([
    [{ href: '/storytime/story/fleet/chapter/3/', rel: 'next' }, 'next_chapter'],
    [{ href: '/storytime/story/fleet/fleet.epub', download: '' }, 'epub'],
    [{ href: '/storytime/story/fleet/feed.xml' }, 'feed'],
    [{ href: 'https://instagram.com/mara', 'data-platform': 'instagram' }, 'social_instagram'],
    [{ 'data-track': 'copy_negative_prompt' }, 'copy_negative_prompt'],
  ])('names %o %s', async (attributes, name) => {
    onClick!({ target: element(attributes) });
    expect((await sent()).map((event) => event.meta)).toEqual([{ name }]);
  });

  it('counts no other click', async () => {
    onClick!({ target: element({ href: '/storytime/story/fleet/' }) });
    onClick!({ target: null });
    onClick!({ target: element({ 'data-track': 'continue_reading' }) });
    expect((await sent()).map((event) => event.meta)).toEqual([{ name: 'continue_reading' }]);
  });
});
