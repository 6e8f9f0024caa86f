// Comments that look like link spam are held for a moderator whatever a site's moderation
// setting (docs/product.md, Security): they stay pending, marked with the reason, until a person approves them.

/** A web address as spam writes it: with a scheme, starting www., or a host name followed by a path. */
const LINK = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>"]+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}\/[^\s<>"]*/gi;

/** How many links make a comment suspect. */
export const HELD_LINK_COUNT = 3;

export const HELD_FOR_LINKS = 'links';
export const HELD_FOR_LINKS_ONLY = 'links only';

/** Why the comment must wait for a moderator, or null when nothing about it is suspect. */
export function heldReason(content: string): string | null {
  const links = content.match(LINK) ?? [];
  if (links.length === 0) return null;
  // Nothing but links (and punctuation or spacing between them): nobody is talking.
  if (!/[\p{L}\p{N}]/u.test(content.replace(LINK, ''))) return HELD_FOR_LINKS_ONLY;
  return links.length >= HELD_LINK_COUNT ? HELD_FOR_LINKS : null;
}
