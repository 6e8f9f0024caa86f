import { describe, expect, it } from 'vitest';
import { seedDemoContent } from '#db/seed/index.ts';
import { demoChapters, demoProfile, demoPublishedStory } from '#db/seed/demo-content.ts';
import { useApiTestContext } from '#scripts/test/api.ts';
import { chapterTestKit } from '#functions/chapters/test-kit.ts';
import { chapterTextReader, readChapterTexts, readContentSnapshot } from './snapshot.ts';

const t = useApiTestContext();

describe('readContentSnapshot', () => {
  it('holds the profile, the links and only published stories with their published chapters in order', async () => {
    await seedDemoContent(t.database.db);
    const snapshot = await readContentSnapshot(t.database.db, new Date());
    expect(snapshot.profile.name).toBe(demoProfile.name);
    expect(snapshot.socials.patreon).toBe('https://patreon.com/maraquillon');
    expect(snapshot.stories.map((story) => story.slug)).toEqual([demoPublishedStory.slug]);
    const published = demoChapters.filter((chapter) => chapter.status === 'published');
    const readText = chapterTextReader(t.database.db);
    const chapters = await Promise.all(
      snapshot.stories[0]!.chapters.map(async (chapter) => ({ ...chapter, content: (await readText(chapter)).content })),
    );
    expect(chapters.map(({ chapter_number, slug, title, content }) => ({ chapter_number, slug, title, content }))).toEqual(
      published.map(({ chapter_number, slug, title, content }) => ({ chapter_number, slug, title, content })),
    );
    // The index itself carries no text: a catalogue of thousands of chapters stays small.
    expect(snapshot.stories[0]!.chapters[0]).not.toHaveProperty('content');
    expect(snapshot.stories[0]!.chapter_count).toBe(published.length);
  });

  it("carries a chapter's notes and content warnings", async () => {
    await seedDemoContent(t.database.db);
    const notes = { note_before: 'Before *this*.', note_after: 'After.', content_warnings: ['Violence', 'Grief'] };
    await t.database.db.updateTable('chapters').set(notes).where('chapter_number', '=', 1).execute();
    const [story] = (await readContentSnapshot(t.database.db, new Date())).stories;
    const texts = await readChapterTexts(t.database.db, [story!.chapters[0]!.id, story!.chapters[1]!.id]);
    expect(story!.chapters[0]).toMatchObject({ chapter_number: 1, content_warnings: notes.content_warnings });
    expect(texts.get(story!.chapters[0]!.id)).toMatchObject({ note_before: notes.note_before, note_after: notes.note_after });
    expect(story!.chapters[1]).toMatchObject({ content_warnings: [] });
    expect(texts.get(story!.chapters[1]!.id)).toMatchObject({ note_before: '', note_after: '' });
  });

  it("holds each published story's old chapter numbers, and no other story's", async () => {
    await seedDemoContent(t.database.db);
    const kit = chapterTestKit(t);
    const [draftChapter] = await kit.insertChapters(await kit.insertStory('a-draft-story', 'draft'), { chapter_number: 1 });
    const chapters = await t.database.db.selectFrom('chapters').select(['id', 'story_id']).execute();
    const chapterOf = (storyId: number) => chapters.find((chapter) => chapter.story_id === storyId)!.id;
    const published = await t.database.db
      .selectFrom('stories')
      .select(['id', 'slug'])
      .where('slug', '=', demoPublishedStory.slug)
      .executeTakeFirstOrThrow();
    const other = { id: chapters.find((chapter) => chapter.id === draftChapter)!.story_id };
    await t.database.db
      .insertInto('chapter_redirects')
      .values([
        { story_id: published.id, old_number: 40, chapter_id: chapterOf(published.id) },
        { story_id: published.id, old_number: 30, chapter_id: chapterOf(published.id) },
        { story_id: other.id, old_number: 30, chapter_id: chapterOf(other.id) },
      ])
      .execute();
    const snapshot = await readContentSnapshot(t.database.db, new Date());
    expect(snapshot.stories.map((story) => [story.slug, story.redirects])).toEqual([
      [
        published.slug,
        [
          { old_number: 30, chapter_id: chapterOf(published.id) },
          { old_number: 40, chapter_id: chapterOf(published.id) },
        ],
      ],
    ]);
  });

  it('offers the Follow forms only when the site sends email', async () => {
    expect((await readContentSnapshot(t.database.db, new Date())).follow_by_email).toBe(false);
    expect((await readContentSnapshot(t.database.db, new Date(), { followByEmail: true })).follow_by_email).toBe(true);
  });

  it('has no stories when none is published', async () => {
    await seedDemoContent(t.database.db);
    await t.database.db.updateTable('stories').set({ status: 'archived' }).execute();
    expect((await readContentSnapshot(t.database.db, new Date())).stories).toEqual([]);
  });

  it('holds every gallery, PG and X, with its counts, hero and first page of images exactly as the API lists them', async () => {
    await seedDemoContent(t.database.db);
    const snapshot = await readContentSnapshot(t.database.db, new Date());
    const { galleries } = await (await t.call('/api/galleries/list')).json();
    expect(snapshot.galleries.map(({ images: _images, hero: _hero, ...gallery }) => gallery)).toEqual(galleries);
    expect(snapshot.galleries.map((gallery) => [gallery.slug, gallery.rating, gallery.image_count])).toEqual([
      ['after-dark', 'X', 1],
      ['field-studies', 'PG', 3],
    ]);
    for (const gallery of snapshot.galleries) {
      const page = await (await t.call(`/api/images/gallery-list?gallery_id=${gallery.id}&page=1`)).json();
      expect(gallery.images).toEqual(page.images);
      expect(gallery.hero_thumb).toBe(gallery.images[0]!.thumb);
      expect(gallery.hero).toEqual(gallery.images[0]);
    }
    // The demo gallery keeps the order it always had, newest first.
    expect(snapshot.galleries[1]!.images.map((image) => image.title)).toEqual(['Veil crossing', 'Winged traveller', 'Duck study']);
    const winged = snapshot.galleries[1]!.images.find((image) => image.title === 'Winged traveller');
    expect(winged).toMatchObject({ like_count: 1, comment_count: 1, generator: 'comfyui', thumb_2x: '/images/demo/gallery-winged.webp' });
    expect(winged!.placeholder).toMatch(/^data:image\/webp;base64,/);
  });

  it('holds the first 20 images of a large gallery', async () => {
    const { id } = await t.database.db
      .insertInto('galleries')
      .values({ slug: 'big', title: 'Big', rating: 'X' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('gallery_images')
      .values(Array.from({ length: 25 }, (_, i) => ({ gallery_id: id, src: `/api/uploads/galleries/${id}/${i}.png`, title: `Image ${i}` })))
      .execute();
    const [gallery] = (await readContentSnapshot(t.database.db, new Date())).galleries;
    expect(gallery!.image_count).toBe(25);
    expect(gallery!.images.map((image) => image.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Image ${24 - i}`));
    expect(gallery!.hero?.title).toBe('Image 24');
  });

  it("holds a chosen hero beyond the first page, for the share preview and the page's structured data", async () => {
    const { id } = await t.database.db
      .insertInto('galleries')
      .values({ slug: 'big', title: 'Big', rating: 'PG' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await t.database.db
      .insertInto('gallery_images')
      .values(Array.from({ length: 25 }, (_, i) => ({ gallery_id: id, src: `/api/uploads/galleries/${id}/${i}.png`, title: `Image ${i}` })))
      .returning('id')
      .execute();
    await t.database.db.updateTable('galleries').set({ hero_image_id: rows[0]!.id }).execute();
    const [gallery] = (await readContentSnapshot(t.database.db, new Date())).galleries;
    expect(gallery!.images.map((image) => image.title)).not.toContain('Image 0');
    expect(gallery!.hero).toMatchObject({ id: rows[0]!.id, title: 'Image 0' });
  });
});
