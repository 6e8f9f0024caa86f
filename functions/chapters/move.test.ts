import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { reorder } from './move.ts';
import { CHAPTER_NOT_FOUND, chapterTestKit, expectError, FORBIDDEN, SIGN_IN } from './test-kit.ts';

const t = useApiTestContext();
const { insertStory, insertChapters, chapterRows } = chapterTestKit(t);

const move = (cookie: string | undefined, json: unknown) => t.call('/api/chapters/move', { ...(cookie && { cookie }), json });
/** The story's chapters as [number, slug], in number order. */
const order = async () => (await chapterRows()).map((row) => [row.chapter_number, row.slug]);
const redirects = () => t.database.db.selectFrom('chapter_redirects').select(['old_number', 'chapter_id']).orderBy('old_number').execute();

describe('reorder', () => {
  const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it('takes the chapter out and puts it at the number, the last place for any number beyond', () => {
    expect(reorder(rows, 3, 1).map((row) => row.id)).toEqual([3, 1, 2]);
    expect(reorder(rows, 1, 2).map((row) => row.id)).toEqual([2, 1, 3]);
    expect(reorder(rows, 1, 99).map((row) => row.id)).toEqual([2, 3, 1]);
    expect(reorder(rows, 2, 2).map((row) => row.id)).toEqual([1, 2, 3]);
  });
});

describe('POST /api/chapters/move', () => {
  it('renumbers the story 1..n in the new order, keeps slugs, answers the list and republishes', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    const [one, two, three] = await insertChapters(storyId, { chapter_number: 1 }, { chapter_number: 2 }, { chapter_number: 3 });
    const res = await move(cookie, { id: three, chapter_number: 1 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.chapters.map((c: { id: number; chapter_number: number }) => [c.id, c.chapter_number])).toEqual([
      [three, 1],
      [one, 2],
      [two, 3],
    ]);
    expect(body.chapters[0]).toMatchObject({ slug: 'chapter-3', word_count: 4, preview: 'Text of chapter 3.' });
    expect(await order()).toEqual([
      [1, 'chapter-3'],
      [2, 'chapter-1'],
      [3, 'chapter-2'],
    ]);
    expect(t.rebuilds).toEqual(['chapters renumbered']);
  });

  it('gives the renumbered chapters a new updated_at, so a save from before the move is a conflict', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    await insertChapters(storyId, { chapter_number: 1 }, { chapter_number: 2 }, { chapter_number: 3 });
    const before = await (await t.call(`/api/chapters/list?story_id=${storyId}`, { cookie })).json();
    const [one, two, three] = before.chapters;
    const { chapters } = await (await move(cookie, { id: two.id, chapter_number: 1 })).json();
    expect(chapters.map((c: { id: number }) => c.id)).toEqual([two.id, one.id, three.id]);
    expect(chapters[0].updated_at).not.toBe(two.updated_at);
    expect(chapters[1].updated_at).not.toBe(one.updated_at);
    expect(chapters[2].updated_at).toBe(three.updated_at);
    const stale = await t.call('/api/chapters/update', {
      cookie,
      json: { id: one.id, title: 'Saved from an old page', expected_updated_at: one.updated_at },
    });
    expect(stale.status).toBe(409);
    expect(await order()).toEqual([
      [1, 'chapter-2'],
      [2, 'chapter-1'],
      [3, 'chapter-3'],
    ]);
  });

  it('places a number beyond the end last and closes gaps; a move to its own place changes nothing', async () => {
    const cookie = await t.signedInAs('admin');
    const storyId = await insertStory();
    const [first] = await insertChapters(storyId, { chapter_number: 1 }, { chapter_number: 4 }, { chapter_number: 9 });
    expect((await move(cookie, { id: first, chapter_number: 500 })).status).toBe(200);
    expect(await order()).toEqual([
      [1, 'chapter-4'],
      [2, 'chapter-9'],
      [3, 'chapter-1'],
    ]);
    t.rebuilds.length = 0;
    expect((await move(cookie, { id: first, chapter_number: 3 })).status).toBe(200);
    expect(t.rebuilds).toEqual([]);
  });

  it('records the old numbers of published chapters that moved, not of drafts', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    const [one, , three] = await insertChapters(
      storyId,
      { chapter_number: 1 },
      { chapter_number: 2, status: 'draft' },
      { chapter_number: 3 },
    );
    await move(cookie, { id: one, chapter_number: 3 });
    // 1 -> 3 (published: old 1 kept), 2 -> 1 (draft: none), 3 -> 2 (published: old 3 kept).
    expect(await redirects()).toEqual([
      { old_number: 1, chapter_id: one },
      { old_number: 3, chapter_id: three },
    ]);
    // Moving back: a chapter at an old number of its own needs no redirect there; the newest move of a number wins.
    await move(cookie, { id: one, chapter_number: 1 });
    expect(await order()).toEqual([
      [1, 'chapter-1'],
      [2, 'chapter-2'],
      [3, 'chapter-3'],
    ]);
    expect(await redirects()).toEqual([
      { old_number: 2, chapter_id: three },
      { old_number: 3, chapter_id: one },
    ]);
  });

  it('keeps the old number of a published chapter renumbered by chapters/update, not of a draft', async () => {
    const cookie = await t.signedInAs('author');
    const [published, draft] = await insertChapters(await insertStory(), { chapter_number: 1 }, { chapter_number: 2, status: 'draft' });
    expect((await t.call('/api/chapters/update', { cookie, json: { id: published, chapter_number: 5 } })).status).toBe(200);
    expect((await t.call('/api/chapters/update', { cookie, json: { id: draft, chapter_number: 6 } })).status).toBe(200);
    expect((await t.call('/api/chapters/update', { cookie, json: { id: published, title: 'Same number' } })).status).toBe(200);
    expect(await redirects()).toEqual([{ old_number: 1, chapter_id: published }]);
  });

  it('drops the redirects of a deleted chapter', async () => {
    const cookie = await t.signedInAs('author');
    const [one] = await insertChapters(await insertStory(), { chapter_number: 1 }, { chapter_number: 2 });
    await move(cookie, { id: one, chapter_number: 2 });
    expect(await redirects()).toHaveLength(2);
    await t.call('/api/chapters/delete', { cookie, json: { id: one } });
    expect((await redirects()).map((row) => row.chapter_id)).not.toContain(one);
  });

  it('refuses a number below 1, wrong types and unknown fields (400), and an unknown id (404), changing nothing', async () => {
    const cookie = await t.signedInAs('admin');
    const [id] = await insertChapters(await insertStory(), { chapter_number: 1 }, { chapter_number: 2 });
    await expectError(move(cookie, { id, chapter_number: 0 }), 400, 'The chapter number must be at least 1');
    await expectError(move(cookie, { id, chapter_number: -3 }), 400, 'The chapter number must be at least 1');
    await expectError(move(cookie, { id, chapter_number: 1.5 }), 400, 'The chapter number must be a whole number');
    await expectError(move(cookie, { id, chapter_number: '2' }), 400, 'The chapter number must be a number');
    await expectError(move(cookie, { id: 'one', chapter_number: 2 }), 400, 'id must be a number');
    await expectError(move(cookie, { id }), 400, 'The chapter number is required');
    await expectError(move(cookie, { id, chapter_number: 2, slug: 'x' }), 400, 'Unknown field: slug');
    await expectError(move(cookie, { id: 9999, chapter_number: 1 }), 404, CHAPTER_NOT_FOUND);
    expect(await order()).toEqual([
      [1, 'chapter-1'],
      [2, 'chapter-2'],
    ]);
    expect(t.rebuilds).toEqual([]);
  });

  it('answers 401 anonymous and 403 for a mod, changing nothing', async () => {
    const [id] = await insertChapters(await insertStory(), { chapter_number: 1 }, { chapter_number: 2 });
    await expectError(move(undefined, { id, chapter_number: 2 }), 401, SIGN_IN);
    await expectError(move(await t.signedInAs('mod'), { id, chapter_number: 2 }), 403, FORBIDDEN);
    expect((await order())[0]).toEqual([1, 'chapter-1']);
  });

  it('runs concurrent moves one after another: the story ends numbered 1..n with every chapter once', async () => {
    const cookie = await t.signedInAs('author');
    const storyId = await insertStory();
    const ids = await insertChapters(storyId, ...Array.from({ length: 6 }, (_, i) => ({ chapter_number: i + 1 })));
    const answers = await Promise.all(ids.map((id, i) => move(cookie, { id, chapter_number: ((i * 4) % 6) + 1 })));
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(200));
    const rows = await chapterRows();
    expect(rows.map((row) => row.chapter_number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
  });
});
