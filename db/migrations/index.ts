// Migrations are listed here rather than read from the folder, so a bundler (the serverless
// build) sees every one of them. Names sort in the order they apply: add new ones at the end.
import type { Migration } from 'kysely/migration';
import * as initial from './2026-11-22T0000_initial.ts';
import * as galleryImages from './2026-11-22T0100_gallery_images.ts';
import * as analyticsPrivacy from './2026-11-22T0200_analytics_privacy.ts';
import * as moderation from './2026-11-22T0300_moderation.ts';
import * as analyticsRollups from './2026-11-22T0400_analytics_rollups.ts';
import * as serialToolkit from './2026-11-22T0500_serial_toolkit.ts';
import * as deployHook from './2026-11-22T0600_deploy_hook.ts';
import * as archiveImports from './2026-11-22T0700_archive_imports.ts';
import * as revokedSessions from './2026-11-26T0000_revoked_sessions.ts';
import * as writingDesk from './2026-11-27T0000_writing_desk.ts';
import * as followers from './2026-11-28T0000_followers.ts';
import * as readerWeb from './2026-11-29T0000_reader_web.ts';
import * as galleryArranging from './2026-11-30T0000_gallery_arranging.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-22T0000_initial': initial,
  '2026-11-22T0100_gallery_images': galleryImages,
  '2026-11-22T0200_analytics_privacy': analyticsPrivacy,
  '2026-11-22T0300_moderation': moderation,
  '2026-11-22T0400_analytics_rollups': analyticsRollups,
  '2026-11-22T0500_serial_toolkit': serialToolkit,
  '2026-11-22T0600_deploy_hook': deployHook,
  '2026-11-22T0700_archive_imports': archiveImports,
  '2026-11-26T0000_revoked_sessions': revokedSessions,
  '2026-11-27T0000_writing_desk': writingDesk,
  '2026-11-28T0000_followers': followers,
  '2026-11-29T0000_reader_web': readerWeb,
  '2026-11-30T0000_gallery_arranging': galleryArranging,
};
