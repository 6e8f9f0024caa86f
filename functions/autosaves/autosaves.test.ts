// The autosaved working copy (docs/product.md, Autosave, conflicts and revisions): kept beside the
// chapter, never the chapter, dropped by a save of the chapter's text.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useApiTestContext } from '#scripts/test/api.ts';
import { CHAPTER_LIMITS } from '#lib/limits.ts';
import { CHAPTER_NOT_FOUND, chapterTestKit, expectError, FORBIDDEN, SIGN_IN } from '#functions/chapters/test-kit.ts';

const t = useApiTestContext();
const { insertStory, insertChapters, chapterRows } = chapterTestKit(t);

async function chapterWithSession(role: 'admin' | 'author' = 'author') {
  const [id] = await insertChapters(await insertStory(), { chapter_number: 1, title: 'Saved', content: 'Saved text.' });
  return { id: id!, cookie: await t.signedInAs(role) };
}

const autosave = (cookie: string, json: unknown) => t.call('/api/chapters/autosave', { cookie, json });
const working = async (cookie: string, id: number) => (await t.call(`/api/chapters/autosave?chapter_id=${id}`, { cookie })).json();
const autosaveRevisions = () =>
  t.database.db.selectFrom('chapter_revisions').select(['id', 'title', 'content', 'word_count']).where('kind', '=', 'autosave').execute();

describe('POST /api/chapters/autosave', () => {
  it('keeps the working copy beside the chapter, replacing the last one, without touching the chapter or the site', async () => {
    const { id, cookie } = await chapterWithSession();
    const before = await chapterRows();
    const res = await autosave(cookie, { chapter_id: id, title: 'Draft title', content: 'First words' });
    expect(res.status).toBe(200);
    const { success, saved_at } = await res.json();
    expect(success).toBe(true);
    expect(Math.abs(Date.parse(saved_at) - Date.now())).toBeLessThan(60_000);
    expect(await autosave(cookie, { chapter_id: id, title: '', content: '' }).then((r) => r.status)).toBe(200);

    expect(await working(cookie, id)).toEqual({ success: true, autosave: { title: '', content: '', saved_at: expect.any(String) } });
    expect(await chapterRows()).toEqual(before);
    expect(t.rebuilds).toEqual([]);
    const [row] = await t.database.db.selectFrom('chapter_autosaves').selectAll().execute();
    expect(row).toMatchObject({ chapter_id: id, saved_by: expect.any(Number) });
  });

  it('keeps an autosave revision at most every 10 minutes', async () => {
    const { id, cookie } = await chapterWithSession();
    await autosave(cookie, { chapter_id: id, title: 'T', content: 'one two three' });
    await autosave(cookie, { chapter_id: id, title: 'T', content: 'one two three four' });
    expect(await autosaveRevisions()).toEqual([{ id: expect.any(Number), title: 'T', content: 'one two three', word_count: 3 }]);

    // Nine minutes later: still none; ten: one more.
    const age = async (minutes: number) =>
      t.database.db
        .updateTable('chapter_revisions')
        .set({ created_at: sql`now() - make_interval(mins => ${minutes})` })
        .execute();
    await age(9);
    await autosave(cookie, { chapter_id: id, title: 'T', content: 'five' });
    expect(await autosaveRevisions()).toHaveLength(1);
    await age(10);
    await autosave(cookie, { chapter_id: id, title: 'T', content: 'six' });
    expect((await autosaveRevisions()).map((r) => r.content).sort()).toEqual(['one two three', 'six']);
  });

  it('thins old autosave revisions to the newest 50 and one a day, keeping every other kind', async () => {
    const { id, cookie } = await chapterWithSession();
    const db = t.database.db;
    // 60 autosave revisions of one past day, a minute apart, and a manual save older than all.
    await db
      .insertInto('chapter_revisions')
      .values([
        { chapter_id: id, kind: 'manual', title: 'M', content: 'm', word_count: 1, created_at: new Date('2025-12-01T12:00:00Z') },
        ...Array.from({ length: 60 }, (_, i) => ({
          chapter_id: id,
          kind: 'autosave' as const,
          title: `A${i}`,
          content: 'a',
          word_count: 1,
          created_at: new Date(Date.parse('2026-01-15T12:00:00Z') - i * 60_000),
        })),
      ])
      .execute();
    await autosave(cookie, { chapter_id: id, title: 'new', content: 'new' });
    const titles = (await db.selectFrom('chapter_revisions').select('title').orderBy('created_at', 'desc').execute()).map((r) => r.title);
    // The new one and the 49 newest older ones (the newest of that day among them); the manual save stays.
    expect(titles).toEqual(['new', ...Array.from({ length: 49 }, (_, i) => `A${i}`), 'M']);
  });

  it('refuses wrong input with 400 and stores nothing', async () => {
    const { id, cookie } = await chapterWithSession();
    const cases: [unknown, string][] = [
      [{ chapter_id: id, title: 'T' }, 'The content'],
      [{ chapter_id: id, content: 'C' }, 'The title'],
      [{ chapter_id: String(id), title: 'T', content: 'C' }, 'The chapter'],
      [{ chapter_id: id, title: 7, content: 'C' }, 'The title'],
      [{ chapter_id: id, title: 'T', content: ['C'] }, 'The content'],
      [{ chapter_id: id, title: 'x'.repeat(CHAPTER_LIMITS.title + 1), content: 'C' }, 'The title'],
      [{ chapter_id: id, title: 'T', content: 'x'.repeat(CHAPTER_LIMITS.content + 1) }, 'The content'],
      [{ chapter_id: id, title: 'T', content: 'a\0b' }, 'The content'],
      [{ chapter_id: id, title: 'T', content: 'C', status: 'published' }, 'Unknown field'],
      [[{ chapter_id: id }], 'The request body must be a JSON object.'],
    ];
    for (const [json, message] of cases) {
      const res = await autosave(cookie, json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect((await res.json()).error).toContain(message);
    }
    expect(await t.database.db.selectFrom('chapter_autosaves').selectAll().execute()).toEqual([]);
  });

  it('takes a whole chapter at the limit', async () => {
    const { id, cookie } = await chapterWithSession();
    const content = 'word '.repeat(CHAPTER_LIMITS.content / 5);
    expect((await autosave(cookie, { chapter_id: id, title: 'T', content })).status).toBe(200);
    expect((await working(cookie, id)).autosave.content).toBe(content);
  });

  it('answers 404 for an unknown chapter, 401 anonymous and 403 for a mod', async () => {
    const { id, cookie } = await chapterWithSession();
    await expectError(autosave(cookie, { chapter_id: id + 1, title: 'T', content: 'C' }), 404, CHAPTER_NOT_FOUND);
    await expectError(t.call('/api/chapters/autosave', { json: { chapter_id: id, title: 'T', content: 'C' } }), 401, SIGN_IN);
    await expectError(autosave(await t.signedInAs('mod'), { chapter_id: id, title: 'T', content: 'C' }), 403, FORBIDDEN);
    expect(await t.database.db.selectFrom('chapter_autosaves').selectAll().execute()).toEqual([]);
  });
});

describe('GET /api/chapters/autosave', () => {
  it('answers null without a working copy, and again once the chapter is saved with its text', async () => {
    const { id, cookie } = await chapterWithSession('admin');
    expect(await working(cookie, id)).toEqual({ success: true, autosave: null });
    await autosave(cookie, { chapter_id: id, title: 'Saved', content: 'Newer text.' });
    // A save of other fields keeps it: the working copy is still newer text.
    await t.call('/api/chapters/update', { cookie, json: { id, chapter_number: 2 } });
    expect((await working(cookie, id)).autosave).toMatchObject({ content: 'Newer text.' });
    await t.call('/api/chapters/update', { cookie, json: { id, content: 'Newer text.' } });
    expect(await working(cookie, id)).toEqual({ success: true, autosave: null });
  });

  it('answers 404 for an unknown chapter, 400 for a bad id, 401 anonymous and 403 for a mod', async () => {
    const { id, cookie } = await chapterWithSession();
    await expectError(t.call(`/api/chapters/autosave?chapter_id=${id + 1}`, { cookie }), 404, CHAPTER_NOT_FOUND);
    for (const query of ['', '?chapter_id=x', '?chapter_id=0', `?chapter_id=${id}&id=1`]) {
      expect((await t.call(`/api/chapters/autosave${query}`, { cookie })).status, query).toBe(400);
    }
    await expectError(t.call(`/api/chapters/autosave?chapter_id=${id}`), 401, SIGN_IN);
    await expectError(t.call(`/api/chapters/autosave?chapter_id=${id}`, { cookie: await t.signedInAs('mod') }), 403, FORBIDDEN);
  });
});
