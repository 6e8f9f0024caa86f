// Migrations are listed here rather than read from the folder, so a bundler (the serverless
// build) sees every one of them. Names sort in the order they apply: add new ones at the end.
import type { Migration } from 'kysely/migration';
import * as initial from './2026-11-22T0000_initial.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-22T0000_initial': initial,
};
