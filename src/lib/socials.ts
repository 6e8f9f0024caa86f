// The platforms the admin form offers, in the order the public icon row shows them.
export const SOCIAL_PLATFORMS = [
  'website',
  'twitter',
  'instagram',
  'facebook',
  'youtube',
  'discord',
  'patreon',
  'github',
  'tiktok',
  'vimeo',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** The public icon row lists the first seven platforms only (docs/product.md, The admin area). */
export const PUBLIC_SOCIAL_PLATFORMS = SOCIAL_PLATFORMS.slice(0, 7);

export type SocialLinks = Record<SocialPlatform, string>;

export const SOCIAL_LABELS: SocialLinks = {
  website: 'Website',
  twitter: 'Twitter / X',
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  discord: 'Discord',
  patreon: 'Patreon',
  github: 'GitHub',
  tiktok: 'TikTok',
  vimeo: 'Vimeo',
};

export function emptySocialLinks(): SocialLinks {
  return Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, ''])) as SocialLinks;
}
