// Email addresses as readers type them into the Follow form: checked and put in one form, so the
// same person is one subscriber however they typed it. Shared by the form (to answer at once)
// and the API (which decides). Web standards only: the URL parser turns an international domain
// into its ASCII (punycode) form, as mail servers expect.

/** The longest address a mail server has to accept (RFC 5321: a 256-octet path less its brackets). */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

// An unquoted local part (RFC 5322 dot-atom); quoted local parts and non-ASCII ones are refused:
// few servers take them and they are where header tricks hide.
const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LEVEL_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const EMAIL_INVALID = 'Enter a valid email address, such as reader@example.com.';
export const EMAIL_TOO_LONG = `An email address has at most ${EMAIL_MAX_LENGTH} characters.`;
export const EMAIL_CONTROL = 'An email address cannot contain line breaks or other control characters.';

export type EmailCheck = { ok: true; email: string } | { ok: false; error: string };

function asciiDomain(domain: string): string | null {
  if (!domain || /[\s/?#\\:@[\]%]/.test(domain)) return null;
  const host = URL.canParse(`http://${domain}/`) ? new URL(`http://${domain}/`).hostname : null;
  if (!host || host.length > 253) return null;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return null;
  return TOP_LEVEL_LABEL.test(labels.at(-1)!) ? host : null;
}

/** The address in its one stored form (lower case, ASCII domain), or why it is not one. */
export function checkEmailAddress(input: string): EmailCheck {
  if (CONTROL.test(input)) return { ok: false, error: EMAIL_CONTROL };
  const typed = input.trim();
  if (typed.length > EMAIL_MAX_LENGTH) return { ok: false, error: EMAIL_TOO_LONG };
  const at = typed.lastIndexOf('@');
  const local = typed.slice(0, at);
  if (at < 1 || local.length > LOCAL_PART_MAX_LENGTH || !DOT_ATOM.test(local)) return { ok: false, error: EMAIL_INVALID };
  const domain = asciiDomain(typed.slice(at + 1));
  if (!domain) return { ok: false, error: EMAIL_INVALID };
  const email = `${local.toLowerCase()}@${domain}`;
  if (email.length > EMAIL_MAX_LENGTH) return { ok: false, error: EMAIL_TOO_LONG };
  return { ok: true, email };
}
