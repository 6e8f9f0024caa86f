import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { chapterTestKit, expectError } from './test-kit.ts';

const t = useApiTestContext();
const { insertStory, insertChapters } = chapterTestKit(t);

const go = (query: string) => t.call(`/api/chapters/go?${query}`);

describe("GET /api/chapters/go: 'Go to chapter' without scripts", () => {
  it('sends the reader to the published chapter of that number, or the next published one, or the last', async () => {
    const storyId = await insertStory('fleet');
    await insertChapters(
      storyId,
      { chapter_number: 1 },
      { chapter_number: 2, status: 'draft' },
      { chapter_number: 3 },
      { chapter_number: 5 },
    );
    for (const [wanted, landing] of [
      [1, 1],
      [2, 3],
      [4, 5],
      [99, 5],
    ]) {
      const res = await go(`story_slug=fleet&chapter_number=${wanted}`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/storytime/story/fleet/chapter/${landing}/`);
    }
  });

  it('sends the reader to the story page while no chapter is published', async () => {
    await insertChapters(await insertStory('soon'), { chapter_number: 1, status: 'draft' });
    expect((await go('story_slug=soon&chapter_number=1')).headers.get('location')).toBe('/storytime/story/soon/');
  });

  it('answers 404 for a story readers cannot see and 400 for a bad number', async () => {
    await insertChapters(await insertStory('hidden', 'draft'), { chapter_number: 1 });
    await expectError(go('story_slug=hidden&chapter_number=1'), 404, 'Story not found.');
    await insertStory('fleet');
    for (const query of [
      'story_slug=fleet',
      'story_slug=fleet&chapter_number=0',
      'story_slug=fleet&chapter_number=x',
      'chapter_number=1',
    ]) {
      expect((await go(query)).status, query).toBe(400);
    }
  });
});
