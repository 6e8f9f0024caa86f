import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { FALLBACK_PROFILE } from '#lib/profile.ts';
import { emptySocialLinks, SOCIAL_PLATFORMS } from '#lib/socials.ts';
import { refused } from '#functions/chapters/test-kit.ts';

const t = useApiTestContext();

const PROFILE = {
  name: 'Mara Quillon',
  bio: 'Science fiction author',
  tagline: 'Stories from the Veil',
  profile_image: '/images/me.webp',
  background_image_light: 'https://cdn.example/light.png',
  background_image_dark: null,
  site_domain: 'https://author.example',
};

async function getProfile() {
  const res = await t.call('/api/author/get');
  expect(res.status).toBe(200);
  return (await res.json()).profile;
}

async function getSocials() {
  const res = await t.call('/api/socials/get');
  expect(res.status).toBe(200);
  return (await res.json()).socials;
}

describe('GET /api/author/get', () => {
  it('serves the fallback profile while none is saved', async () => {
    const res = await t.call('/api/author/get');
    expect(await res.json()).toEqual({ success: true, profile: FALLBACK_PROFILE });
  });

  it('serves the saved profile after an update, and answers at .php too', async () => {
    const cookie = await t.signedInAs('admin');
    await t.call('/api/author/update', { cookie, json: PROFILE });
    const res = await t.call('/api/author/get.php');
    const { profile } = await res.json();
    expect(profile).toEqual({
      ...PROFILE,
      time_zone: 'UTC',
      feed_content: 'summary',
      image_license_url: null,
      updated_at: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(profile.updated_at))).toBe(false);
  });
});

describe('POST /api/author/update', () => {
  it.each(['admin', 'author'] as const)('lets %s update the profile and schedules a rebuild', async (role) => {
    const cookie = await t.signedInAs(role);
    const res = await t.call('/api/author/update', { cookie, json: PROFILE });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      profile: { ...PROFILE, time_zone: 'UTC', feed_content: 'summary', image_license_url: null, updated_at: expect.any(String) },
    });
    expect(t.rebuilds).toEqual(['author profile updated']);
  });

  it('answers 401 when not signed in and 403 for a moderator, writing nothing', async () => {
    const anonymous = await t.call('/api/author/update', { json: PROFILE });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ success: false, error: 'Please sign in to continue.' });
    const cookie = await t.signedInAs('mod');
    const mod = await t.call('/api/author/update', { cookie, json: PROFILE });
    expect(mod.status).toBe(403);
    expect(await mod.json()).toEqual({ success: false, error: 'Your role does not allow this action.' });
    expect(await getProfile()).toEqual(FALLBACK_PROFILE);
    expect(t.rebuilds).toEqual([]);
  });

  const IMAGE_MESSAGE = 'The profile image must be a path on this site (starting with /) or an http(s) URL';
  it.each([
    ['a missing name', { bio: 'x' }, 'The name is required', 'name'],
    ['an empty name', { name: '' }, 'The name must not be empty', 'name'],
    ['a whitespace name', { name: '   ' }, 'The name must not be empty', 'name'],
    ['a 201-character name', { name: 'a'.repeat(201) }, 'The name is too long (at most 200 characters)', 'name'],
    ['a 2001-character bio', { name: 'A', bio: 'b'.repeat(2001) }, 'The bio is too long (at most 2000 characters)', 'bio'],
    ['a number as name', { name: 42 }, 'The name must be a string', 'name'],
    ['an unknown field', { name: 'A', email: 'a@example.com' }, 'Unknown field: email', undefined],
    ['a javascript: image', { name: 'A', profile_image: 'javascript:alert(1)' }, IMAGE_MESSAGE, 'profile_image'],
    ['a protocol-relative image', { name: 'A', profile_image: '//evil.example/x.png' }, IMAGE_MESSAGE, 'profile_image'],
    [
      'a bad site domain',
      { name: 'A', site_domain: 'not a domain' },
      'The site domain must be a domain name such as author.example',
      'site_domain',
    ],
    [
      'an unknown time zone',
      { name: 'A', time_zone: 'Mars/Olympus_Mons' },
      'The time zone must be a time zone such as Europe/Berlin or America/New_York',
      'time_zone',
    ],
    [
      'an unknown feed content',
      { name: 'A', feed_content: 'everything' },
      'What the feeds carry must be one of: summary, full',
      'feed_content',
    ],
    [
      'a javascript: licence link',
      { name: 'A', image_license_url: 'javascript:alert(1)' },
      'The image licence link must start with http:// or https://',
      'image_license_url',
    ],
    [
      'a time zone with a path',
      { name: 'A', time_zone: '../../etc/passwd' },
      'The time zone must be a time zone such as Europe/Berlin or America/New_York',
      'time_zone',
    ],
  ])('refuses %s with 400 and writes nothing', async (_name, json, message, field) => {
    const cookie = await t.signedInAs('admin');
    const res = await t.call('/api/author/update', { cookie, json });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(refused(message, field));
    expect(await t.database.db.selectFrom('author_profile').selectAll().execute()).toEqual([]);
    expect(t.rebuilds).toEqual([]);
  });

  it('keeps the previous profile when a later update is refused', async () => {
    const cookie = await t.signedInAs('author');
    await t.call('/api/author/update', { cookie, json: PROFILE });
    const before = await getProfile();
    const res = await t.call('/api/author/update', { cookie, json: { ...PROFILE, name: '  ' } });
    expect(res.status).toBe(400);
    expect(await getProfile()).toEqual(before);
  });

  it('stores an empty image as null and normalises a bare domain to an https origin', async () => {
    const cookie = await t.signedInAs('admin');
    const res = await t.call('/api/author/update', {
      cookie,
      json: { name: '  Mara  ', profile_image: '', site_domain: 'Author.Example' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).profile).toEqual({
      name: 'Mara',
      bio: '',
      tagline: '',
      profile_image: null,
      background_image_light: null,
      background_image_dark: null,
      site_domain: 'https://author.example',
      time_zone: 'UTC',
      feed_content: 'summary',
      image_license_url: null,
      updated_at: expect.any(String),
    });
  });

  it('saves the time zone release times are written in, and keeps it when an update leaves it out', async () => {
    const cookie = await t.signedInAs('admin');
    await t.call('/api/author/update', { cookie, json: { name: 'Mara', time_zone: 'Europe/Berlin' } });
    await t.call('/api/author/update', { cookie, json: { name: 'Mara Vell' } });
    expect(await getProfile()).toMatchObject({ name: 'Mara Vell', time_zone: 'Europe/Berlin' });
  });

  it('saves what the feeds carry and the image licence link, keeping both when an update leaves them out', async () => {
    const cookie = await t.signedInAs('admin');
    const license = 'HTTPS://creativecommons.org/licenses/by-nc/4.0/';
    await t.call('/api/author/update', { cookie, json: { name: 'Mara', feed_content: 'full', image_license_url: license } });
    await t.call('/api/author/update', { cookie, json: { name: 'Mara Vell' } });
    expect(await getProfile()).toMatchObject({
      feed_content: 'full',
      image_license_url: 'https://creativecommons.org/licenses/by-nc/4.0/',
    });
    await t.call('/api/author/update', { cookie, json: { name: 'Mara Vell', image_license_url: '' } });
    expect(await getProfile()).toMatchObject({ feed_content: 'full', image_license_url: null });
  });

  it('stores markup and SQL quotes verbatim as text', async () => {
    const cookie = await t.signedInAs('admin');
    const name = `<script>alert(1)</script>'; drop table users; --`;
    const bio = `Robert'); DROP TABLE stories;-- "quoted" & <b>bold</b>`;
    const res = await t.call('/api/author/update', { cookie, json: { name, bio } });
    expect(res.status).toBe(200);
    expect(await getProfile()).toMatchObject({ name, bio });
    expect(await t.database.db.selectFrom('users').select('username').execute()).toEqual([{ username: 'admin-user' }]);
  });
});

describe('GET /api/socials/get', () => {
  it('lists all ten platforms with empty strings while none are set', async () => {
    const socials = await getSocials();
    expect(Object.keys(socials)).toEqual([...SOCIAL_PLATFORMS]);
    expect(socials).toEqual(emptySocialLinks());
  });
});

describe('POST /api/socials/update', () => {
  it.each(['admin', 'author'] as const)('lets %s set links and schedules a rebuild', async (role) => {
    const cookie = await t.signedInAs(role);
    const res = await t.call('/api/socials/update', {
      cookie,
      json: { twitter: 'https://x.com/mara', github: ' http://github.com/mara ' },
    });
    expect(res.status).toBe(200);
    const expected = { ...emptySocialLinks(), twitter: 'https://x.com/mara', github: 'http://github.com/mara' };
    expect(await res.json()).toEqual({ success: true, socials: expected });
    expect(await getSocials()).toEqual(expected);
    expect(t.rebuilds).toEqual(['social links updated']);
  });

  it('answers 401 when not signed in and 403 for a moderator', async () => {
    expect((await t.call('/api/socials/update', { json: { twitter: 'https://x.com/a' } })).status).toBe(401);
    const cookie = await t.signedInAs('mod');
    const res = await t.call('/api/socials/update', { cookie, json: { twitter: 'https://x.com/a' } });
    expect(res.status).toBe(403);
    expect(await getSocials()).toEqual(emptySocialLinks());
    expect(t.rebuilds).toEqual([]);
  });

  it.each([
    ['an unknown platform', { myspace: 'https://myspace.com/mara' }, 'Unknown field: myspace', undefined],
    ['a javascript: URL', { twitter: 'javascript:alert(1)' }, 'The Twitter / X link must start with http:// or https://', 'twitter'],
    ['a number', { twitter: 5 }, 'The Twitter / X link must be a string', 'twitter'],
  ])('refuses %s with 400 and writes nothing', async (_name, json, message, field) => {
    const cookie = await t.signedInAs('admin');
    const res = await t.call('/api/socials/update', { cookie, json: { website: 'https://mara.example', ...json } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(refused(message, field));
    expect(await t.database.db.selectFrom('social_links').selectAll().execute()).toEqual([]);
    expect(t.rebuilds).toEqual([]);
  });

  it('removes a link given as an empty string or null, and answers at .php', async () => {
    const cookie = await t.signedInAs('admin');
    const all = { website: 'https://mara.example', twitter: 'https://x.com/mara', discord: 'https://discord.gg/x' };
    await t.call('/api/socials/update', { cookie, json: all });
    const res = await t.call('/api/socials/update.php', { cookie, json: { ...all, website: '', twitter: null } });
    expect(res.status).toBe(200);
    expect((await res.json()).socials).toEqual({ ...emptySocialLinks(), discord: 'https://discord.gg/x' });
  });

  it('keeps the platforms an update does not name', async () => {
    const cookie = await t.signedInAs('admin');
    await t.call('/api/socials/update', { cookie, json: { website: 'https://mara.example', twitter: 'https://x.com/mara' } });
    const res = await t.call('/api/socials/update', { cookie, json: { twitter: 'https://x.com/mara2' } });
    expect(res.status).toBe(200);
    expect(await getSocials()).toEqual({ ...emptySocialLinks(), website: 'https://mara.example', twitter: 'https://x.com/mara2' });
  });

  it('survives ten parallel updates: all succeed and one of them wins', async () => {
    const cookie = await t.signedInAs('admin');
    const values = Array.from({ length: 10 }, (_, i) => ({ website: `https://site${i}.example`, github: `https://github.com/u${i}` }));
    const responses = await Promise.all(values.map((json) => t.call('/api/socials/update', { cookie, json })));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const { website, github } = await getSocials();
    expect(values).toContainEqual({ website, github });
    expect(t.rebuilds).toHaveLength(10);
  });
});

describe('NUL characters', () => {
  it('are refused with 400 naming the field, on every JSON route, instead of failing in the database', async () => {
    const cookie = await t.signedInAs('admin');
    const profile = await t.call('/api/author/update', { cookie, json: { name: 'Mara\u0000' } });
    expect(profile.status).toBe(400);
    const name = 'The name must not contain NUL characters';
    expect(await profile.json()).toEqual({ success: false, error: name, fields: { name } });
    const socials = await t.call('/api/socials/update', { cookie, json: { website: 'https://a.example/\u0000' } });
    expect(socials.status).toBe(400);
    const website = 'The website link must not contain NUL characters';
    expect(await socials.json()).toEqual({ success: false, error: website, fields: { website } });
  });
});

describe('hostile and unusual addresses (found by an attack on the foundation)', () => {
  it('stores an upper-case scheme in lower case instead of failing in the database, keeping every link of the update', async () => {
    const cookie = await t.signedInAs('admin');
    const res = await t.call('/api/socials/update', {
      cookie,
      json: { website: 'HTTPS://Author.Example/Home', github: 'Http://github.com/mara', patreon: 'https://patreon.com/mara' },
    });
    expect(res.status).toBe(200);
    const socials = await getSocials();
    expect(socials.website).toBe('https://Author.Example/Home');
    expect(socials.github).toBe('http://github.com/mara');
    expect(socials.patreon).toBe('https://patreon.com/mara');
  });

  it('stores an upper-case scheme in profile image fields in lower case', async () => {
    const cookie = await t.signedInAs('admin');
    const res = await t.call('/api/author/update', { cookie, json: { name: 'Mara', profile_image: 'HTTPS://cdn.example/Me.png' } });
    expect(res.status).toBe(200);
    expect((await getProfile()).profile_image).toBe('https://cdn.example/Me.png');
  });

  it.each([
    ['/\\evil.example/x.png'],
    ['\\\\evil.example/x.png'],
    ['/\\/evil.example/x.png'],
    ['/%2F%2Fevil.example/x.png'],
    ['/\t/evil.example/x.png'],
    ['/\n/evil.example/x.png'],
  ])('refuses the image address %j that a browser would load from another host', async (address) => {
    const cookie = await t.signedInAs('admin');
    const LABELS: Record<string, string> = {
      profile_image: 'profile image',
      background_image_light: 'light background image',
      background_image_dark: 'dark background image',
    };
    for (const field of Object.keys(LABELS)) {
      const res = await t.call('/api/author/update', { cookie, json: { name: 'Mara', [field]: address } });
      expect(res.status).toBe(400);
      const error = `The ${LABELS[field]} must be a path on this site (starting with /) or an http(s) URL`;
      expect(await res.json()).toEqual({ success: false, error, fields: { [field]: error } });
    }
    expect(await t.database.db.selectFrom('author_profile').selectAll().execute()).toEqual([]);
  });

  it('refuses a social link with a tab or backslash trick with 400', async () => {
    const cookie = await t.signedInAs('admin');
    for (const website of ['https://a.example/\tx', 'https:\\\\evil.example', 'javascript:alert(1)']) {
      const res = await t.call('/api/socials/update', { cookie, json: { website } });
      expect(res.status).toBe(400);
      const error = 'The website link must start with http:// or https://';
      expect(await res.json()).toEqual({ success: false, error, fields: { website: error } });
    }
  });
});
