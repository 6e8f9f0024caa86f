// Who reads the site in bench:analytics: real browsers' user agents (weighted as a small site's
// mix of phones, desktops and tablets), the sites readers come from, and what the pages are
// called. Shared by the live ingest load (analytics-visits.ts) and the year of stored events
// (analytics-year.ts), so both look like the same audience.
import { describeUserAgent } from '#functions/analytics/user-agent.ts';

/** [weight, user agent]: 8 browsers on mobile, desktop and tablet; none is a bot to isbot. */
const WEIGHTED_USER_AGENTS: [number, string][] = [
  [22, 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36'],
  [
    18,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ],
  [17, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'],
  [7, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'],
  [7, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'],
  [6, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0'],
  [
    5,
    'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  ],
  [5, 'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1'],
  [3, 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0'],
  [3, 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0'],
  [
    3,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  ],
  [2, 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'],
  [
    2,
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Vivaldi/7.0.3495.18',
  ],
];

/** 100 entries, each user agent as often as its weight: a uniform pick from it is a weighted pick. */
export const USER_AGENT_DRAW: readonly string[] = WEIGHTED_USER_AGENTS.flatMap(([weight, agent]) => Array<string>(weight).fill(agent));
/** What the server keeps of each entry of USER_AGENT_DRAW (device class and browser name). */
export const DEVICE_DRAW = USER_AGENT_DRAW.map((agent) => describeUserAgent(agent).device);
export const BROWSER_DRAW = USER_AGENT_DRAW.map((agent) => describeUserAgent(agent).browser);

/** 20 referring sites, most common first; about half of all visits have none (typed, bookmarked, own links). */
export const REFERRER_HOSTS = [
  'www.google.com',
  'www.reddit.com',
  'www.royalroad.com',
  'duckduckgo.com',
  'www.bing.com',
  'mastodon.social',
  'bsky.app',
  't.co',
  'www.facebook.com',
  'www.tumblr.com',
  'discord.com',
  'news.ycombinator.com',
  'www.scribblehub.com',
  'archiveofourown.org',
  'www.goodreads.com',
  'search.brave.com',
  'www.ecosia.org',
  'l.instagram.com',
  'www.youtube.com',
  'substack.com',
] as const;
export const NO_REFERRER_SHARE = 0.55;

/** A pick from `count` items where the first is the most likely and each next one less so. */
export const skewedIndex = (random: number, count: number) => Math.min(count - 1, Math.floor(count * random * random));

export const storyTitle = (title: string) => `${title} | Storytime`;
export const chapterTitle = (storyTitle: string, chapter: number) => `Chapter ${chapter} - ${storyTitle} | Storytime`;
export const galleryTitle = (title: string) => `${title} | Galleries`;
