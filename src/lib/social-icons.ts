// Brand icon paths (24x24) for the public icon row, from simple-icons. The website icon is
// lucide's globe (simple-icons has brands only); see SocialIcons.astro.
import { siDiscord, siFacebook, siInstagram, siPatreon, siX, siYoutube } from 'simple-icons';
import type { SocialPlatform } from './socials.ts';

export const BRAND_ICON_PATHS: Partial<Record<SocialPlatform, string>> = {
  twitter: siX.path,
  instagram: siInstagram.path,
  facebook: siFacebook.path,
  youtube: siYoutube.path,
  discord: siDiscord.path,
  patreon: siPatreon.path,
};
