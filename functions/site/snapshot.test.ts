import { describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../db/seed/index.ts';
import { demoChapters, demoProfile, demoPublishedStory } from '../../db/seed/demo-content.ts';
import { useApiTestContext } from '../../scripts/test/api.ts';
import { readContentSnapshot } from './snapshot.ts';

const t = useApiTestContext();

describe('readContentSnapshot', () => {
  it('holds the profile, the links and only published stories with their published chapters in order', async () => {
    await seedDemoContent(t.database.db);
    const snapshot = await readContentSnapshot(t.database.db);
    expect(snapshot.profile.name).toBe(demoProfile.name);
    expect(snapshot.socials.patreon).toBe('https://patreon.com/maraquillon');
    expect(snapshot.stories.map((story) => story.slug)).toEqual([demoPublishedStory.slug]);
    const published = demoChapters.filter((chapter) => chapter.status === 'published');
    expect(snapshot.stories[0]!.chapters.map(({ chapter_number, slug, title, content }) => ({ chapter_number, slug, title, content }))).toEqual(
      published.map(({ chapter_number, slug, title, content }) => ({ chapter_number, slug, title, content })),
    );
    expect(snapshot.stories[0]!.chapter_count).toBe(published.length);
  });

  it('has no stories when none is published', async () => {
    await seedDemoContent(t.database.db);
    await t.database.db.updateTable('stories').set({ status: 'archived' }).execute();
    expect((await readContentSnapshot(t.database.db)).stories).toEqual([]);
  });
});
