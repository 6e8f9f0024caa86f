// A chapter's revisions (docs/product.md, Autosave, conflicts and revisions): which saves keep
// one, listing and reading them, and restoring one.
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { chapterTestKit, expectError, FORBIDDEN, SIGN_IN } from '#functions/chapters/test-kit.ts';
import { runDueReleases } from '#functions/releases/run.ts';

const t = useApiTestContext();
const { insertStory, insertChapters } = chapterTestKit(t);
const REVISION_NOT_FOUND = { success: false, error: 'Revision not found.' };

const json = async (res: Response | Promise<Response>) => (await res).json();

async function storyWithSession(role: 'admin' | 'author' = 'author') {
  return { storyId: await insertStory(), cookie: await t.signedInAs(role) };
}

async function createChapter(cookie: string, storyId: number, fields: object = {}) {
  const body = { story_id: storyId, chapter_number: 1, title: 'One', slug: 'one', content: 'The first words.', ...fields };
  return (await json(t.call('/api/chapters/create', { cookie, json: body }))).chapter as { id: number; updated_at: string };
}

const revisions = async (cookie: string, chapterId: number) =>
  (await json(t.call(`/api/chapters/revisions?chapter_id=${chapterId}`, { cookie }))).revisions as { id: number; kind: string }[];

describe('which saves keep a revision', () => {
  it('keeps one on create, on each save that changes the title or text, and on a publish; newest first', async () => {
    const { storyId, cookie } = await storyWithSession();
    const { id } = await createChapter(cookie, storyId);
    const update = (fields: object) => t.call('/api/chapters/update', { cookie, json: { id, ...fields } });
    await update({ content: 'The first words, and more.' });
    await update({ chapter_number: 3, slug: 'three' }); // neither title nor text: no revision
    await update({ content: 'The first words, and more.' }); // the same text: no revision
    await update({ status: 'published' });
    await update({ title: 'One, retitled', status: 'published' });

    const list = await json(t.call(`/api/chapters/revisions?chapter_id=${id}`, { cookie }));
    expect(list).toEqual({
      success: true,
      revisions: [
        { id: expect.any(Number), created_at: expect.any(String), kind: 'manual', word_count: 5 },
        { id: expect.any(Number), created_at: expect.any(String), kind: 'publish', word_count: 5 },
        { id: expect.any(Number), created_at: expect.any(String), kind: 'manual', word_count: 5 },
        { id: expect.any(Number), created_at: expect.any(String), kind: 'manual', word_count: 3 },
      ],
    });
    const ids = list.revisions.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("counts words as the public pages do, and keeps 'publish' for a chapter created published", async () => {
    const { storyId, cookie } = await storyWithSession();
    const { id } = await createChapter(cookie, storyId, {
      status: 'published',
      content: '# Title\n\n**Bold** [a link](https://x.org) ![img](a.png) — ok',
    });
    expect(await revisions(cookie, id)).toEqual([expect.objectContaining({ kind: 'publish', word_count: 5 })]);
  });

  it("keeps a 'release' revision when a scheduled chapter is released, and sets published_at to its release time", async () => {
    const storyId = await insertStory();
    const [id] = await insertChapters(storyId, {
      chapter_number: 1,
      status: 'draft',
      release_at: '2026-11-20T10:00:00Z',
      content: 'Due now.',
    });
    await runDueReleases(t.deps, new Date('2026-11-20T10:00:01Z'));
    const rows = await t.database.db.selectFrom('chapter_revisions').select(['chapter_id', 'kind', 'content', 'created_by']).execute();
    expect(rows).toEqual([{ chapter_id: id, kind: 'release', content: 'Due now.', created_by: null }]);
    const { chapter } = await json(t.call(`/api/chapters/get?id=${id}`, { cookie: await t.signedInAs('admin') }));
    expect(chapter).toMatchObject({ status: 'published', published_at: '2026-11-20T10:00:00.000Z' });
  });

  it("keeps an 'import' revision for each chapter of a bulk upload", async () => {
    const { storyId, cookie } = await storyWithSession();
    const form = new FormData();
    form.append('story_id', String(storyId));
    form.append('markdown_files[]', new File(['# Landfall\n\nThe ship came in.'], '01-landfall.md'));
    expect((await t.call('/api/chapters/bulk-upload', { cookie, body: form })).status).toBe(200);
    const rows = await t.database.db.selectFrom('chapter_revisions').select(['kind', 'title']).execute();
    expect(rows).toEqual([{ kind: 'import', title: 'Landfall' }]);
  });
});

describe('GET /api/chapters/revision', () => {
  it('answers one revision with its title and text', async () => {
    const { storyId, cookie } = await storyWithSession();
    const { id } = await createChapter(cookie, storyId);
    const [{ id: revisionId }] = (await revisions(cookie, id)) as [{ id: number }];
    expect(await json(t.call(`/api/chapters/revision?id=${revisionId}`, { cookie }))).toEqual({
      success: true,
      revision: {
        id: revisionId,
        chapter_id: id,
        created_at: expect.any(String),
        kind: 'manual',
        word_count: 3,
        title: 'One',
        content: 'The first words.',
      },
    });
  });

  it('answers 404 for an unknown revision or chapter, 400 for a bad id, 401 and 403', async () => {
    const { cookie } = await storyWithSession();
    await expectError(t.call('/api/chapters/revision?id=12345', { cookie }), 404, REVISION_NOT_FOUND);
    await expectError(t.call('/api/chapters/revisions?chapter_id=12345', { cookie }), 404, 'Chapter not found.');
    for (const path of ['revision?id=', 'revision?id=-1', 'revisions?chapter_id=1.5', 'revisions?chapter_id=1&x=2']) {
      expect((await t.call(`/api/chapters/${path}`, { cookie })).status, path).toBe(400);
    }
    const mod = await t.signedInAs('mod');
    for (const path of ['revision?id=1', 'revisions?chapter_id=1']) {
      await expectError(t.call(`/api/chapters/${path}`), 401, SIGN_IN);
      await expectError(t.call(`/api/chapters/${path}`, { cookie: mod }), 403, FORBIDDEN);
    }
  });
});

describe('POST /api/chapters/revisions/restore', () => {
  it("puts the revision's title and text back, keeps a 'restore' revision, drops the working copy and republishes", async () => {
    const { storyId, cookie } = await storyWithSession('admin');
    const created = await createChapter(cookie, storyId);
    await t.call('/api/chapters/update', { cookie, json: { id: created.id, title: 'Two', content: 'Other words entirely here.' } });
    await t.call('/api/chapters/autosave', { cookie, json: { chapter_id: created.id, title: 'Two', content: 'Typing.' } });
    const oldest = (await revisions(cookie, created.id)).at(-1)!;
    t.rebuilds.length = 0;

    const res = await t.call('/api/chapters/revisions/restore', { cookie, json: { id: oldest.id, chapter_id: created.id } });
    expect(res.status).toBe(200);
    const { chapter } = await res.json();
    expect(chapter).toMatchObject({ id: created.id, title: 'One', content: 'The first words.' });
    expect(Date.parse(chapter.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    expect((await revisions(cookie, created.id)).map((r) => r.kind)).toEqual(['restore', 'autosave', 'manual', 'manual']);
    expect(t.rebuilds).toEqual(['chapter 1 restored']);
    expect((await json(t.call(`/api/chapters/autosave?chapter_id=${created.id}`, { cookie }))).autosave).toBeNull();
  });

  it("answers 404 for another chapter's revision or an unknown one, 400 for bad input, 401 and 403, changing nothing", async () => {
    const { storyId, cookie } = await storyWithSession();
    const one = await createChapter(cookie, storyId);
    const two = await createChapter(cookie, storyId, { chapter_number: 2, slug: 'two', title: 'Two' });
    const [{ id: ofTwo }] = (await revisions(cookie, two.id)) as [{ id: number }];
    const restore = (body: unknown, asCookie: string | null = cookie) =>
      t.call('/api/chapters/revisions/restore', { json: body, ...(asCookie && { cookie: asCookie }) });
    await expectError(restore({ id: ofTwo, chapter_id: one.id }), 404, REVISION_NOT_FOUND);
    await expectError(restore({ id: ofTwo + 100, chapter_id: two.id }), 404, REVISION_NOT_FOUND);
    for (const body of [{ id: ofTwo }, { id: String(ofTwo), chapter_id: two.id }, { id: ofTwo, chapter_id: two.id, title: 'x' }, [ofTwo]]) {
      expect((await restore(body)).status, JSON.stringify(body)).toBe(400);
    }
    await expectError(restore({ id: ofTwo, chapter_id: two.id }, null), 401, SIGN_IN);
    await expectError(restore({ id: ofTwo, chapter_id: two.id }, await t.signedInAs('mod')), 403, FORBIDDEN);
    expect(await revisions(cookie, one.id)).toHaveLength(1);
    expect(await revisions(cookie, two.id)).toHaveLength(1);
  });
});
