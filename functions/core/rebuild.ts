// The seam between "content changed" and "the public site shows it". Locally the Node entry
// rebuilds the static site and swaps it in; in the cloud the trigger POSTs a deploy hook.
import { diskFull } from './disk-full.ts';

/** A failed build, deploy-hook call or backup. */
export interface Failure {
  /** What went wrong, in full: a build's output names server paths, so only admins see it. */
  message: string;
  at: string;
  /** It ran out of disk space (the admin says so in plain words). */
  disk_full?: true;
}

/** Whether the public site is up to date, as the admin shows it (GET /api/admin/publish-state). */
export interface PublishState {
  /** A rebuild is scheduled or running: the latest changes are not public yet. */
  publishing: boolean;
  /** When the site last went live successfully (ISO time), null before the first publish. */
  last_published_at: string | null;
  /** The last failed build, when no successful one came after it; the previous site keeps serving. */
  last_error: Failure | null;
  /** The last local backup, when it failed (Node server; absent where backups are a provider's job). */
  backup_error?: Failure | null;
}

/** The failure of `error` at `at`, marked when the disk was full. */
export function failureOf(error: unknown, at: Date): Failure {
  const message = error instanceof Error ? error.message : String(error);
  return { message, at: at.toISOString(), ...(diskFull(error) && { disk_full: true as const }) };
}

export const PUBLISH_FAILED = 'The last publish failed. An admin can see the details.';
export const BACKUP_FAILED = 'The last backup failed. An admin can see the details.';

/**
 * The state as `role` may see it: the details of a failure (server file paths, the build's
 * output) are for admins; others learn that it failed, when, and whether the disk was full.
 */
export function publishStateFor(role: string, state: PublishState): PublishState {
  if (role.toLowerCase() === 'admin') return state; // roles compare case-insensitively (functions/core/roles.ts)
  const hide = (failure: Failure | null | undefined, message: string): Failure | null => (failure ? { ...failure, message } : null);
  return {
    ...state,
    last_error: hide(state.last_error, PUBLISH_FAILED),
    ...(state.backup_error !== undefined && { backup_error: hide(state.backup_error, BACKUP_FAILED) }),
  };
}

export interface RebuildTrigger {
  /** Asks for a rebuild; implementations debounce, so calling it often is cheap. */
  schedule(reason: string): void;
  /** A promise where the state lives in the database (the deploy hook: functions/core/deploy-hook.ts). */
  state(): PublishState | Promise<PublishState>;
}
