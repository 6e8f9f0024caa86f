// What a chapter save means for its release: a release time in the future schedules the chapter
// (it stays a draft until then); one that has passed publishes it at once, and the answer says so.
import { fieldError } from '#core/errors.ts';
import type { ChapterStatus } from '#lib/stories.ts';

export const RELEASED_AT_ONCE = 'The release time has already passed, so the chapter was published at once.';

interface ReleaseFields {
  status?: ChapterStatus | undefined;
  release_at?: string | null | undefined;
}

/** The status and release time to store, and whether a past release time published it now. */
export function resolveRelease<T extends ReleaseFields>(
  input: T,
  now: Date,
): { fields: Omit<T, 'release_at'> & { release_at?: Date | null }; releasedAtOnce: boolean } {
  const { release_at, ...rest } = input;
  if (release_at === undefined) {
    // Publishing by hand ends a schedule: a later switch back to draft must not bring it back.
    return { fields: rest.status === 'published' ? { ...rest, release_at: null } : rest, releasedAtOnce: false };
  }
  if (release_at === null) return { fields: { ...rest, release_at: null }, releasedAtOnce: false };
  if (rest.status === 'published') {
    throw fieldError(400, 'release_at', 'A chapter is either published or scheduled: save it as a draft to give it a release time.');
  }
  const at = new Date(release_at);
  if (at.getTime() <= now.getTime()) return { fields: { ...rest, status: 'published', release_at: null }, releasedAtOnce: true };
  return { fields: { ...rest, status: 'draft', release_at: at }, releasedAtOnce: false };
}
