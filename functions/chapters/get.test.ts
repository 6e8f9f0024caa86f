import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { CHAPTER_NOT_FOUND, chapterTestKit, expectError, FORBIDDEN, SIGN_IN } from './test-kit.ts';

const t = useApiTestContext();
const { insertStory, insertChapters } = chapterTestKit(t);

describe('GET /api/chapters/get', () => {
  it('serves one chapter by id, a draft of a draft story too, with its full content', async () => {
    const storyId = await insertStory('unfinished', 'draft');
    const [id] = await insertChapters(storyId, { chapter_number: 2, status: 'draft', content: 'Half a *draft*.' });
    const res = await t.call(`/api/chapters/get?id=${id}`, { cookie: await t.signedInAs('author') });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      chapter: expect.objectContaining({ id, story_id: storyId, chapter_number: 2, status: 'draft', content: 'Half a *draft*.' }),
    });
  });

  it('answers 404 for an unknown id and 400 for a missing, bad or extra parameter', async () => {
    const cookie = await t.signedInAs('admin');
    await expectError(t.call('/api/chapters/get?id=999', { cookie }), 404, CHAPTER_NOT_FOUND);
    for (const query of ['', '?id=abc', '?id=0', '?id=99999999999', '?id=1&story_id=2']) {
      expect((await t.call(`/api/chapters/get${query}`, { cookie })).status, query).toBe(400);
    }
  });

  it('answers 401 anonymous and 403 for a mod', async () => {
    const [id] = await insertChapters(await insertStory(), { chapter_number: 1 });
    await expectError(t.call(`/api/chapters/get?id=${id}`), 401, SIGN_IN);
    await expectError(t.call(`/api/chapters/get?id=${id}`, { cookie: await t.signedInAs('mod') }), 403, FORBIDDEN);
  });
});
