// What the analytics keep of a user agent: a device class and a browser name, read by bowser
// (a maintained parser), and whether it is a known bot (isbot's maintained list).
import Bowser from 'bowser';
import { isbot } from 'isbot';

const DEVICE_CLASSES = new Set(['desktop', 'mobile', 'tablet']);

/** Browsers always send a user agent; a request without one is a script, counted like a bot. */
export function isAutomated(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || isbot(userAgent);
}

export function describeUserAgent(userAgent: string): { device: string; browser: string } {
  const parser = Bowser.getParser(userAgent);
  const platform = parser.getPlatformType(true);
  return {
    device: DEVICE_CLASSES.has(platform) ? platform : 'other',
    browser: parser.getBrowserName().slice(0, 64) || 'Other',
  };
}
