// The first schema: every entity of docs/product.md, Content and its rules. Constraints live here, in the database,
// so a bug in a handler cannot write a row the product would not accept.
import { type Kysely, sql } from 'kysely';

const now = sql`now()`;
const within = (column: string, max: number) => sql.raw(`char_length(${column}) <= ${max}`);
const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
// Slugs are URL path segments: lowercase letters, digits and single hyphens.
const slugCheck = sql.raw(`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 120`);

const platforms = ['website', 'twitter', 'instagram', 'facebook', 'youtube', 'discord', 'patreon', 'github', 'tiktok', 'vimeo'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('author_profile')
    .addColumn('id', 'integer', (c) => c.primaryKey().defaultTo(1).check(sql`id = 1`))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 200`))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo('').check(within('bio', 2000)))
    .addColumn('tagline', 'text', (c) => c.notNull().defaultTo('').check(within('tagline', 500)))
    .addColumn('profile_image', 'text', (c) => c.check(within('profile_image', 2048)))
    .addColumn('background_image_light', 'text', (c) => c.check(within('background_image_light', 2048)))
    .addColumn('background_image_dark', 'text', (c) => c.check(within('background_image_dark', 2048)))
    .addColumn('site_domain', 'text', (c) => c.check(within('site_domain', 253)))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('social_links')
    .addColumn('platform', 'text', (c) => c.primaryKey().check(oneOf('platform', platforms)))
    .addColumn('url', 'text', (c) => c.notNull().check(sql`url ~ '^https?://' and char_length(url) <= 2048`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('username', 'text', (c) => c.notNull().check(sql`username ~ '^[A-Za-z0-9_.-]{1,64}$'`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(oneOf('role', ['admin', 'author', 'mod'])))
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // Usernames are unique regardless of case: "Admin" and "admin" are one account.
  await db.schema.createIndex('users_username_lower_key').unique().on('users').expression(sql`lower(username)`).execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().check(sql`failures >= 0`))
    .addColumn('blocked_until', 'timestamptz')
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('galleries')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('slug', 'text', (c) => c.notNull().unique().check(slugCheck))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) between 1 and 200`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo('').check(within('description', 5000)))
    .addColumn('rating', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PG')
        .check(oneOf('rating', ['PG', 'X'])),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('gallery_images')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('gallery_id', 'integer', (c) => c.notNull().references('galleries.id').onDelete('cascade'))
    .addColumn('src', 'text', (c) => c.notNull().check(within('src', 2048)))
    .addColumn('thumb', 'text', (c) => c.check(within('thumb', 2048)))
    .addColumn('title', 'text', (c) => c.check(within('title', 200)))
    .addColumn('alt_text', 'text', (c) => c.check(within('alt_text', 1000)))
    .addColumn('prompt', 'text')
    .addColumn('negative_prompt', 'text')
    .addColumn('checkpoint', 'text', (c) => c.check(within('checkpoint', 500)))
    .addColumn('loras', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('width', 'integer', (c) => c.check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.check(sql`height > 0`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('gallery_images_gallery_idx').on('gallery_images').columns(['gallery_id', 'sort_order', 'id']).execute();

  await db.schema
    .createTable('stories')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('slug', 'text', (c) => c.notNull().unique().check(slugCheck))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) between 1 and 200`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo('').check(within('description', 5000)))
    .addColumn('blurb', 'text', (c) => c.notNull().defaultTo('').check(within('blurb', 20000)))
    .addColumn('cover_image', 'text', (c) => c.check(within('cover_image', 2048)))
    .addColumn('break_image', 'text', (c) => c.check(within('break_image', 2048)))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(oneOf('status', ['draft', 'published', 'archived'])),
    )
    .addColumn('genres', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('primary_keywords', 'text', (c) => c.notNull().defaultTo('').check(within('primary_keywords', 1000)))
    .addColumn('longtail_keywords', 'text', (c) => c.notNull().defaultTo('').check(within('longtail_keywords', 2000)))
    .addColumn('target_audience', 'text', (c) => c.notNull().defaultTo('').check(within('target_audience', 500)))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('chapters')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('story_id', 'integer', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('chapter_number', 'integer', (c) => c.notNull().check(sql`chapter_number >= 1`))
    .addColumn('slug', 'text', (c) => c.notNull().check(slugCheck))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) between 1 and 200`))
    .addColumn('content', 'text', (c) => c.notNull().check(sql`char_length(content) between 1 and 500000`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(oneOf('status', ['draft', 'published'])),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('chapters_story_number_key', ['story_id', 'chapter_number'])
    .addUniqueConstraint('chapters_story_slug_key', ['story_id', 'slug'])
    .execute();

  for (const [table, target, parent] of [
    ['image_likes', 'image_id', 'gallery_images'],
    ['chapter_likes', 'chapter_id', 'chapters'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn(target, 'integer', (c) => c.notNull().references(`${parent}.id`).onDelete('cascade'))
      .addColumn('visitor_key', 'text', (c) => c.notNull().check(within('visitor_key', 128)))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addUniqueConstraint(`${table}_one_per_visitor`, [target, 'visitor_key'])
      .execute();
  }

  for (const [table, target, parent] of [
    ['image_comments', 'image_id', 'gallery_images'],
    ['chapter_comments', 'chapter_id', 'chapters'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn(target, 'integer', (c) => c.notNull().references(`${parent}.id`).onDelete('cascade'))
      .addColumn('author_name', 'text', (c) => c.notNull().defaultTo('Anonymous').check(sql`char_length(author_name) between 1 and 100`))
      .addColumn('author_email', 'text', (c) => c.check(within('author_email', 254)))
      .addColumn('content', 'text', (c) => c.notNull().check(sql`char_length(content) between 1 and 1000`))
      .addColumn('ip_address', 'text', (c) => c.check(within('ip_address', 64)))
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('pending')
          .check(oneOf('status', ['pending', 'approved', 'rejected'])),
      )
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
    await db.schema.createIndex(`${table}_target_idx`).on(table).columns([target, 'created_at']).execute();
  }

  await db.schema
    .createTable('banned_ips')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('ip_address', 'text', (c) => c.notNull().unique().check(sql`char_length(ip_address) between 1 and 64`))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo('').check(within('reason', 500)))
    .addColumn('banned_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('banned_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('event_type', 'text', (c) =>
      c
        .notNull()
        .check(oneOf('event_type', ['page_view', 'story_view', 'chapter_view', 'chapter_depth', 'gallery_view', 'image_view', 'click'])),
    )
    .addColumn('session_id', 'text', (c) => c.check(within('session_id', 64)))
    // Never a raw IP: a daily-salted hash of IP + user agent (docs/product.md, Content and its rules).
    .addColumn('visitor_hash', 'text', (c) => c.notNull().check(within('visitor_hash', 128)))
    .addColumn('url_path', 'text', (c) => c.check(within('url_path', 2048)))
    .addColumn('referrer', 'text', (c) => c.check(within('referrer', 2048)))
    .addColumn('content_type', 'text', (c) => c.check(within('content_type', 32)))
    .addColumn('content_id', 'text', (c) => c.check(within('content_id', 200)))
    .addColumn('parent_type', 'text', (c) => c.check(within('parent_type', 32)))
    .addColumn('parent_id', 'text', (c) => c.check(within('parent_id', 200)))
    .addColumn('value_num', 'double precision')
    .addColumn('meta', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('device', 'text', (c) => c.check(within('device', 32)))
    .addColumn('browser', 'text', (c) => c.check(within('browser', 64)))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('analytics_events_time_idx').on('analytics_events').columns(['created_at', 'event_type']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'analytics_events',
    'banned_ips',
    'chapter_comments',
    'image_comments',
    'chapter_likes',
    'image_likes',
    'chapters',
    'stories',
    'gallery_images',
    'galleries',
    'login_throttle',
    'users',
    'social_links',
    'author_profile',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
