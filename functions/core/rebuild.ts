// The seam between "content changed" and "the public site shows it". Locally the Node entry
// rebuilds the static site and swaps it in; in the cloud the trigger POSTs a deploy hook.

/** Whether the public site is up to date, as the admin shows it (GET /api/admin/publish-state). */
export interface PublishState {
  /** A rebuild is scheduled or running: the latest changes are not public yet. */
  publishing: boolean;
  /** When the site last went live successfully (ISO time), null before the first publish. */
  last_published_at: string | null;
  /** The last failed build, when no successful one came after it; the previous site keeps serving. */
  last_error: { message: string; at: string } | null;
}

export interface RebuildTrigger {
  /** Asks for a rebuild; implementations debounce, so calling it often is cheap. */
  schedule(reason: string): void;
  /** A promise where the state lives in the database (the deploy hook: functions/core/deploy-hook.ts). */
  state(): PublishState | Promise<PublishState>;
}
