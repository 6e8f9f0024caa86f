// The seam between "content changed" and "the public site shows it". Locally the Node entry
// rebuilds the static site and swaps it in; in the cloud the trigger POSTs a deploy hook.

export interface RebuildTrigger {
  /** Asks for a rebuild; implementations debounce, so calling it often is cheap. */
  schedule(reason: string): void;
}

/** For runtimes and tests where nothing is prebuilt. */
export const noRebuild: RebuildTrigger = { schedule: () => {} };
