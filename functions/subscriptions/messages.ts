// What readers and the author read about following by email (docs/product.md, Following by
// email). The public pages and the admin import these, so the API and the screens say the same.

/** The one answer to every accepted subscribe, whether the address is new, pending or following: it tells nobody which. */
export const SUBSCRIBE_ACCEPTED =
  'Almost done: we sent a link to confirm to that address, unless it already follows. Nothing more is sent until you click it.';
export const MAIL_OFF_PUBLIC = 'Following by email is not turned on for this site.';
export const MAIL_OFF_ADMIN =
  'Email is off. Set SMTP_URL and MAIL_FROM on the server (README, Configuration) to let readers follow by email.';
export const CONFIRM_INVALID = 'This confirmation link is not valid or has expired. Follow the story again to get a new one.';
export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid.';
export const STORY_NOT_FOUND = 'Story not found.';
export const SUBSCRIBER_NOT_FOUND = 'Subscriber not found.';

/** What a subscription follows, in words: a story's title, or every story. */
export const scopeName = (storyTitle: string | null) => storyTitle ?? 'every story';

export const confirmedMessage = (storyTitle: string | null) =>
  `You are following ${scopeName(storyTitle)}. New chapters will arrive by email.`;

export const unsubscribedMessage = (scope: 'this' | 'all', storyTitle: string | null) =>
  scope === 'all'
    ? 'You follow nothing on this site any more: no more emails will be sent to this address.'
    : `You no longer follow ${scopeName(storyTitle)}: no more emails will be sent for it.`;

/** A valid link whose subscription was already removed: unsubscribing again changes nothing. */
export const ALREADY_UNSUBSCRIBED = 'You no longer follow this: no more emails will be sent for it.';
