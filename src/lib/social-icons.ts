// Icon paths (24x24) for the public icon row. Brand marks come from simple-icons; the website
// globe is drawn here (simple-icons has brands only).
import { siDiscord, siFacebook, siInstagram, siPatreon, siX, siYoutube } from 'simple-icons';
import type { SocialPlatform } from './socials.ts';

const GLOBE =
  'M12 1.5a10.5 10.5 0 1 0 0 21 10.5 10.5 0 0 0 0-21Zm7.9 9.5h-3.4a16 16 0 0 0-1.5-6.4A8.5 8.5 0 0 1 19.9 11Zm-7.9 9.4c-.9-.9-2.3-3.4-2.5-7.4h5c-.2 4-1.6 6.5-2.5 7.4ZM9.5 11c.2-4 1.6-6.5 2.5-7.4.9.9 2.3 3.4 2.5 7.4h-5Zm-.5-6.4A16 16 0 0 0 7.5 11H4.1A8.5 8.5 0 0 1 9 4.6ZM4.1 13h3.4A16 16 0 0 0 9 19.4 8.5 8.5 0 0 1 4.1 13Zm10.9 6.4a16 16 0 0 0 1.5-6.4h3.4a8.5 8.5 0 0 1-4.9 6.4Z';

export const SOCIAL_ICON_PATHS: Partial<Record<SocialPlatform, string>> = {
  website: GLOBE,
  twitter: siX.path,
  instagram: siInstagram.path,
  facebook: siFacebook.path,
  youtube: siYoutube.path,
  discord: siDiscord.path,
  patreon: siPatreon.path,
};
