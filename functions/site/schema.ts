// The API's input rules for the profile and social links: every request is checked here first.
import { z } from 'zod';
import { PROFILE_LIMITS, URL_MAX_LENGTH } from '#lib/limits.ts';
import { FEED_CONTENT } from '#lib/profile.ts';
import { isTimeZone } from '#lib/releases.ts';
import { SOCIAL_LABELS, SOCIAL_PLATFORMS, type SocialPlatform } from '#lib/socials.ts';
import { isImageAddress, isWebUrl, lowerCaseScheme } from '#lib/web-addresses.ts';
import { fieldLabels } from '#core/zod-messages.ts';

/**
 * An optional text field: left out means "unchanged" (undefined); empty or null means "not
 * set" and is stored as null.
 */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

const optionalImage = optionalText(URL_MAX_LENGTH)
  .refine((value) => value == null || isImageAddress(value), 'must be a path on this site (starting with /) or an http(s) URL')
  .transform((value) => value && lowerCaseScheme(value));

// The scheme is stored in lower case: "HTTPS://…" is a fine URL, and the database accepts only "https://…".
const webUrl = optionalText(URL_MAX_LENGTH)
  .refine((value) => value == null || isWebUrl(value), 'must start with http:// or https://')
  .transform((value) => value && lowerCaseScheme(value));

/** A bare host name ("author.example") or an origin URL, stored as an https origin. */
const siteDomain = optionalText(253).transform((value, ctx) => {
  if (value == null) return value;
  const candidate = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  const url = URL.canParse(candidate) ? new URL(candidate) : null;
  if (!url?.hostname.includes('.') || url.pathname !== '/' || url.search || url.hash) {
    ctx.addIssue({ code: 'custom', message: 'must be a domain name such as author.example' });
    return z.NEVER;
  }
  return url.origin;
});

/** An IANA time zone this runtime knows (Europe/Berlin, America/New_York, UTC). */
export const timeZoneField = z.string().trim().max(64).refine(isTimeZone, 'must be a time zone such as Europe/Berlin or America/New_York');

export const profileUpdateSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(PROFILE_LIMITS.name),
    bio: z.string().trim().max(PROFILE_LIMITS.bio).optional(),
    tagline: z.string().trim().max(PROFILE_LIMITS.tagline).optional(),
    profile_image: optionalImage,
    background_image_light: optionalImage,
    background_image_dark: optionalImage,
    site_domain: siteDomain,
    time_zone: timeZoneField.optional(),
    feed_content: z.enum(FEED_CONTENT).optional(),
    image_license_url: webUrl,
  })
  .register(fieldLabels, {
    name: 'The name',
    bio: 'The bio',
    tagline: 'The tagline',
    profile_image: 'The profile image',
    background_image_light: 'The light background image',
    background_image_dark: 'The dark background image',
    site_domain: 'The site domain',
    time_zone: 'The time zone',
    feed_content: 'What the feeds carry',
    image_license_url: 'The image licence link',
  });
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
/** What the admin's profile form sends. */
export type ProfileInput = z.input<typeof profileUpdateSchema>;

/**
 * Platform → URL; an empty string (or null) removes the link, a platform left out stays as it
 * is. Unknown platforms are refused.
 */
export const socialsUpdateSchema = z
  .strictObject(Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform, webUrl])) as Record<SocialPlatform, typeof webUrl>)
  .register(
    fieldLabels,
    // "The website link", "The GitHub link"
    Object.fromEntries(
      SOCIAL_PLATFORMS.map((platform) => [platform, `The ${platform === 'website' ? 'website' : SOCIAL_LABELS[platform]} link`]),
    ),
  );
export type SocialsUpdate = z.output<typeof socialsUpdateSchema>;
/** What the admin's socials form sends. */
export type SocialsInput = z.input<typeof socialsUpdateSchema>;
