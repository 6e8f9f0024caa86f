import { describe, expect, it } from 'vitest';
import { checkEmailAddress, EMAIL_CONTROL, EMAIL_INVALID, EMAIL_TOO_LONG } from './email-address.ts';

describe('checkEmailAddress', () => {
  it('stores one form however the reader typed it: trimmed, lower case', () => {
    expect(checkEmailAddress('  Reader.One+serial@Example.COM ')).toEqual({ ok: true, email: 'reader.one+serial@example.com' });
  });

  it('accepts international domains and keeps them in the ASCII form mail servers expect', () => {
    expect(checkEmailAddress('leser@Bücher.de')).toEqual({ ok: true, email: 'leser@xn--bcher-kva.de' });
    expect(checkEmailAddress('x@例え.テスト')).toEqual({ ok: true, email: 'x@xn--r8jz45g.xn--zckzah' });
  });

  it.each([
    ['', EMAIL_INVALID],
    ['reader', EMAIL_INVALID],
    ['reader@', EMAIL_INVALID],
    ['@example.com', EMAIL_INVALID],
    ['reader@localhost', EMAIL_INVALID],
    ['reader@127.0.0.1', EMAIL_INVALID],
    ['reader@[127.0.0.1]', EMAIL_INVALID],
    ['reader@-example.com', EMAIL_INVALID],
    ['reader@example.c0m', EMAIL_INVALID],
    ['re..ader@example.com', EMAIL_INVALID],
    ['"quoted"@example.com', EMAIL_INVALID],
    ['<script>@example.com', EMAIL_INVALID],
    ["o'brien@example.com'; drop table subscribers; --", EMAIL_INVALID],
    ['../../etc/passwd@example.com', EMAIL_INVALID],
    ['rëader@example.com', EMAIL_INVALID],
    ['reader@exa mple.com', EMAIL_INVALID],
    ['a@b.co, c@d.co', EMAIL_INVALID],
  ])('refuses %j', (input, error) => {
    expect(checkEmailAddress(input)).toEqual({ ok: false, error });
  });

  it('refuses line breaks and other control characters, which could add mail headers', () => {
    for (const input of [
      'reader@example.com\r\nBcc: everyone@example.com',
      'reader@example.com\n',
      'read\u0000er@example.com',
      'reader@example.com\u2028',
    ]) {
      expect(checkEmailAddress(input)).toEqual({ ok: false, error: EMAIL_CONTROL });
    }
  });

  it('refuses addresses longer than a mail server must accept, before any other work', () => {
    expect(checkEmailAddress(`${'a'.repeat(10_000)}@example.com`)).toEqual({ ok: false, error: EMAIL_TOO_LONG });
    expect(checkEmailAddress(`${'a'.repeat(65)}@example.com`)).toEqual({ ok: false, error: EMAIL_INVALID });
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(longest).toHaveLength(254);
    expect(checkEmailAddress(longest)).toEqual({ ok: true, email: longest });
  });
});
