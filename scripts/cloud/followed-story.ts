// The story test:cloud's mail flow follows (tests/cloud/mail.test.ts). The worker announces a
// release only once the deployed site serves its chapter page, and wrangler dev serves the site
// as it was built at the start of the run: so the story's chapters are built as published pages
// first, then turned back into unannounced drafts, for the test to publish as an author would.
import pg from 'pg';

export const FOLLOWED_STORY = { slug: 'followed-tidings', title: 'Followed Tidings', chapters: ['First Light', 'Second Light'] };

async function withClient(databaseUrl: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** Before the build: the story and its chapters, published, so the build writes their pages. */
export function addFollowedStory(databaseUrl: string): Promise<void> {
  return withClient(databaseUrl, async (client) => {
    const story = await client.query<{ id: number }>(
      `insert into stories (slug, title, status) values ($1, $2, 'published') returning id`,
      [FOLLOWED_STORY.slug, FOLLOWED_STORY.title],
    );
    for (const [i, title] of FOLLOWED_STORY.chapters.entries()) {
      await client.query(
        `insert into chapters (story_id, chapter_number, slug, title, content, status, published_at)
         values ($1, $2, $3, $4, $5, 'published', now())`,
        [story.rows[0]!.id, i + 1, `part-${i + 1}`, title, `The ${title} begins.`],
      );
    }
  });
}

/** After the build: the chapters are drafts never announced, their pages already deployed. */
export function unpublishFollowedStory(databaseUrl: string): Promise<void> {
  return withClient(databaseUrl, async (client) => {
    await client.query(
      `update chapters set status = 'draft', published_at = null, announced_at = null
       where story_id = (select id from stories where slug = $1)`,
      [FOLLOWED_STORY.slug],
    );
  });
}
