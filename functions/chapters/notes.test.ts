// A chapter's author's notes and content warnings (docs/product.md, The writing desk): accepted on
// create and update, checked, and carried by every chapter answer.
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { CHAPTER_LIMITS } from '#lib/limits.ts';
import { chapterTestKit, refused } from './test-kit.ts';

const t = useApiTestContext();
const { insertStory, insertChapters, chapterRows } = chapterTestKit(t);

const CHAPTER = { title: 'The Gate', slug: 'the-gate', content: 'The gate opened.', chapter_number: 1, status: 'published' };
const NOTES = {
  note_before: 'Thanks for *waiting*.',
  note_after: 'Next week: the storm.\n\n<script>x</script>',
  content_warnings: ['Violence', 'Death of a pet'],
};

describe('author’s notes and content warnings', () => {
  it('are stored on create, trimmed, and carried by the single chapter and both lists', async () => {
    const cookie = await t.signedInAs('author');
    const story_id = await insertStory();
    const res = await t.call('/api/chapters/create', {
      cookie,
      json: { ...CHAPTER, story_id, ...NOTES, content_warnings: ['  Violence ', 'Death of a pet'] },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).chapter).toMatchObject(NOTES);
    expect(await chapterRows()).toEqual([expect.objectContaining(NOTES)]);

    const one = await (await t.call('/api/chapters/list?story_slug=the-lantern-fleet&chapter_number=1')).json();
    expect(one.chapters[0]).toMatchObject(NOTES);
    const page = await (await t.call('/api/chapters/list?story_slug=the-lantern-fleet')).json();
    expect(page.chapters[0]).toMatchObject(NOTES);
    const admin = await (await t.call(`/api/chapters/list?story_id=${story_id}`, { cookie })).json();
    expect(admin.chapters[0]).toMatchObject(NOTES);
  });

  it('default to none, and update changes only the ones given', async () => {
    const cookie = await t.signedInAs('admin');
    const [id] = await insertChapters(await insertStory(), { chapter_number: 1 });
    const update = (json: object) => t.call('/api/chapters/update', { cookie, json: { id, ...json } });
    expect((await (await update({ note_before: 'Hello.' })).json()).chapter).toMatchObject({
      note_before: 'Hello.',
      note_after: '',
      content_warnings: [],
    });
    expect((await (await update({ content_warnings: ['Blood'] })).json()).chapter).toMatchObject({
      note_before: 'Hello.',
      content_warnings: ['Blood'],
    });
    expect((await (await update({ content_warnings: [], note_before: '' })).json()).chapter).toMatchObject({
      note_before: '',
      content_warnings: [],
    });
  });

  it('refuses bad notes and warnings with 400 at their field, writing nothing', async () => {
    const cookie = await t.signedInAs('admin');
    const story_id = await insertStory();
    const [id] = await insertChapters(story_id, { chapter_number: 1 });
    const cases: [Record<string, unknown>, string][] = [
      [{ note_before: 'x'.repeat(CHAPTER_LIMITS.note + 1) }, 'The note before the chapter is too long (at most 20000 characters)'],
      [{ note_after: 'x'.repeat(CHAPTER_LIMITS.note + 1) }, 'The note after the chapter is too long (at most 20000 characters)'],
      [{ note_after: 5 }, 'The note after the chapter must be a string'],
      [{ content_warnings: 'Violence' }, 'The content warnings must be an array'],
      [{ content_warnings: Array.from({ length: 21 }, (_, i) => `W${i}`) }, 'The content warnings must be at most 20'],
      [{ content_warnings: ['Blood', '   '] }, 'Content warning 2 must not be empty.'],
      [{ content_warnings: ['x'.repeat(61)] }, 'Content warning 1 is too long (at most 60 characters).'],
      [{ content_warnings: ['Blood', 'Gore\u0007'] }, 'Content warning 2 must not hold control characters.'],
      [{ content_warnings: ['Line\nbreak'] }, 'Content warning 1 must not hold control characters.'],
      [{ content_warnings: ['Blood', 'Death', ' BLOOD '] }, 'Content warning 3 repeats an earlier one.'],
    ];
    for (const [overrides, error] of cases) {
      for (const [path, json] of [
        ['create', { ...CHAPTER, chapter_number: 2, slug: 'two', story_id, ...overrides }],
        ['update', { id, ...overrides }],
      ] as const) {
        const res = await t.call(`/api/chapters/${path}`, { cookie, json });
        const field = Object.keys(overrides)[0]!;
        expect({ path, overrides, status: res.status, body: await res.json() }).toEqual({
          path,
          overrides,
          status: 400,
          body: refused(error, field),
        });
      }
    }
    // The longest note and the most warnings of the longest length are fine.
    const most = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(60, 'x'));
    const res = await t.call('/api/chapters/update', {
      cookie,
      json: { id, note_before: 'x'.repeat(CHAPTER_LIMITS.note), content_warnings: most },
    });
    expect(res.status).toBe(200);
    expect(await chapterRows()).toEqual([expect.objectContaining({ content_warnings: most })]);
    expect(t.rebuilds).toEqual(['chapter 1 updated']);
  });
});
