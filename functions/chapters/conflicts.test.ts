// No silent overwrite (docs/product.md, Autosave, conflicts and revisions): an update carrying the
// chapter's updated_at as the API gave it is refused with 409 once the chapter changed since.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useApiTestContext } from '#scripts/test/api.ts';
import { chapterTestKit, expectError } from './test-kit.ts';

const t = useApiTestContext();
const { insertStory, insertChapters, chapterRows } = chapterTestKit(t);
const CHANGED = 'This chapter was changed elsewhere since you opened it.';

async function openedChapter() {
  const [id] = await insertChapters(await insertStory(), { chapter_number: 1, title: 'Saved', content: 'Saved text.' });
  const cookie = await t.signedInAs('author');
  const { chapter } = await (await t.call(`/api/chapters/get?id=${id}`, { cookie })).json();
  return { id: id!, cookie, updatedAt: chapter.updated_at as string };
}

const update = (cookie: string, json: object) => t.call('/api/chapters/update', { cookie, json });
const revisionCount = async () => (await t.database.db.selectFrom('chapter_revisions').select('id').execute()).length;

describe('POST /api/chapters/update with expected_updated_at', () => {
  it('saves when the chapter is as the client saw it, and answers the new updated_at to send next', async () => {
    const { id, cookie, updatedAt } = await openedChapter();
    const first = await update(cookie, { id, content: 'Second text.', expected_updated_at: updatedAt });
    expect(first.status).toBe(200);
    const { chapter } = await first.json();
    expect(chapter).toMatchObject({ content: 'Second text.' });
    expect(chapter.updated_at).not.toBe(updatedAt);
    expect((await update(cookie, { id, content: 'Third text.', expected_updated_at: chapter.updated_at })).status).toBe(200);
  });

  it('never conflicts on the exact value the API gave, whatever the microseconds stored', async () => {
    const { id, cookie } = await openedChapter();
    for (const stored of ['2026-11-20 10:00:00.123999+00', '2026-11-20 10:00:00.999999+00', '2026-11-20 10:00:00+00']) {
      await t.database.db
        .updateTable('chapters')
        .set({ updated_at: sql`${stored}::timestamptz` })
        .where('id', '=', id)
        .execute();
      const { chapter } = await (await t.call(`/api/chapters/get?id=${id}`, { cookie })).json();
      const res = await update(cookie, { id, title: `Saved at ${stored}`, expected_updated_at: chapter.updated_at });
      expect(res.status, stored).toBe(200);
    }
  });

  it('answers 409 with the current chapter on a stale value, writing nothing (no revision, autosave kept)', async () => {
    const { id, cookie, updatedAt } = await openedChapter();
    expect((await update(cookie, { id, content: 'From the other tab.' })).status).toBe(200);
    await t.call('/api/chapters/autosave', { cookie, json: { chapter_id: id, title: 'Saved', content: 'Typing on.' } });
    const rows = await chapterRows();
    const revisions = await revisionCount();
    t.rebuilds.length = 0;

    const res = await update(cookie, { id, content: 'From this tab.', status: 'published', expected_updated_at: updatedAt });
    expect(res.status).toBe(409);
    const { chapter: current } = await (await t.call(`/api/chapters/get?id=${id}`, { cookie })).json();
    expect(await res.json()).toEqual({ success: false, error: CHANGED, chapter: current });
    expect(current.content).toBe('From the other tab.');
    expect(await chapterRows()).toEqual(rows);
    expect(await revisionCount()).toBe(revisions);
    expect(t.rebuilds).toEqual([]);
    expect((await (await t.call(`/api/chapters/autosave?chapter_id=${id}`, { cookie })).json()).autosave).not.toBeNull();
  });

  it('lets exactly one of two simultaneous saves from the same version win', async () => {
    const { id, cookie, updatedAt } = await openedChapter();
    const answers = await Promise.all(
      ['Tab one.', 'Tab two.'].map((content) => update(cookie, { id, content, expected_updated_at: updatedAt })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const winner = answers.find((res) => res.status === 200)!;
    const [row] = await chapterRows();
    expect(row!.content).toBe((await winner.json()).chapter.content);
    expect(await revisionCount()).toBe(1);
  });

  it("keeps today's behaviour without it, and refuses a value that is no date", async () => {
    const { id, cookie } = await openedChapter();
    await t.database.db.updateTable('chapters').set({ updated_at: '2020-01-01T00:00:00Z' }).where('id', '=', id).execute();
    expect((await update(cookie, { id, title: 'Blind save' })).status).toBe(200);
    for (const expected_updated_at of [
      'yesterday',
      12,
      null,
      '2026-11-20',
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:30:00+01:00',
      '9999-12-31T23:59:59-12:00',
    ]) {
      const res = await update(cookie, { id, title: 'Bad', expected_updated_at });
      expect(res.status, String(expected_updated_at)).toBe(400);
      expect((await res.json()).fields).toHaveProperty('expected_updated_at');
    }
    await expectError(
      update(cookie, { id: id + 1, title: 'Gone', expected_updated_at: new Date().toISOString() }),
      404,
      'Chapter not found.',
    );
    // A far-off instant is simply not the chapter's.
    expect((await update(cookie, { id, title: 'Far', expected_updated_at: '9999-12-31T23:59:59.999Z' })).status).toBe(409);
  });

  it('answers 409 rather than "number already used" to a save from before a move', async () => {
    const { id, cookie, updatedAt } = await openedChapter();
    const storyId = (await t.database.db.selectFrom('chapters').select('story_id').where('id', '=', id).executeTakeFirstOrThrow()).story_id;
    await insertChapters(storyId, { chapter_number: 2 });
    expect((await t.call('/api/chapters/move', { cookie, json: { id, chapter_number: 2 } })).status).toBe(200);

    const res = await update(cookie, { id, chapter_number: 1, content: 'Written before the move.', expected_updated_at: updatedAt });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: CHANGED, chapter: { id, chapter_number: 2, content: 'Saved text.' } });
  });
});

describe('published_at', () => {
  it('is set when a chapter is first published and never moves or clears after', async () => {
    const storyId = await insertStory();
    const cookie = await t.signedInAs('admin');
    const create = (chapter_number: number, status: string) =>
      t.call('/api/chapters/create', {
        cookie,
        json: { story_id: storyId, chapter_number, status, title: `C${chapter_number}`, slug: `c-${chapter_number}`, content: 'Text.' },
      });
    const published = (await (await create(1, 'published')).json()).chapter;
    expect(Math.abs(Date.parse(published.published_at) - Date.now())).toBeLessThan(60_000);
    const draft = (await (await create(2, 'draft')).json()).chapter;
    expect(draft.published_at).toBeNull();

    const { chapter: first } = await (await update(cookie, { id: draft.id, status: 'published' })).json();
    expect(first.published_at).not.toBeNull();
    for (const fields of [{ status: 'draft' }, { status: 'published' }, { content: 'Edited.' }]) {
      const { chapter } = await (await update(cookie, { id: draft.id, ...fields })).json();
      expect(chapter.published_at, JSON.stringify(fields)).toBe(first.published_at);
    }
    const list = await (await t.call(`/api/chapters/list?story_id=${storyId}`, { cookie })).json();
    expect(list.chapters.map((c: { published_at: string | null }) => c.published_at)).toEqual([published.published_at, first.published_at]);
  });
});
