// What the analytics keep of a user agent: a device class and a browser name, read by bowser
// (a maintained parser), and whether it is a known bot (isbot's maintained list).
// Both are read once per user agent and kept in a small LRU: a site's readers send a few hundred
// distinct user agents, and parsing each event's again cost the ingest a quarter of its capacity
// (decision 10).
import Bowser from 'bowser';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

const DEVICE_CLASSES = new Set(['desktop', 'mobile', 'tablet']);

interface UserAgentFacts {
  automated: boolean;
  device: string;
  browser: string;
}

const known = new LRUCache<string, UserAgentFacts>({ max: 2000 });

function read(userAgent: string): UserAgentFacts {
  let facts = known.get(userAgent);
  if (!facts) {
    const parser = Bowser.getParser(userAgent);
    const platform = parser.getPlatformType(true);
    facts = {
      automated: isbot(userAgent),
      device: DEVICE_CLASSES.has(platform) ? platform : 'other',
      browser: parser.getBrowserName().slice(0, 64) || 'Other',
    };
    known.set(userAgent, facts);
  }
  return facts;
}

/** Browsers always send a user agent; a request without one is a script, counted like a bot. */
export function isAutomated(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || read(userAgent).automated;
}

export function describeUserAgent(userAgent: string): { device: string; browser: string } {
  const { device, browser } = read(userAgent);
  return { device, browser };
}
