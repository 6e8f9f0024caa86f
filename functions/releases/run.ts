// One release run: publish what is due and republish the site. The Node server runs it from its
// release timer (scripts/server/release-timer.ts); the serverless deployment from a cron trigger.
import type { AppDeps } from '#core/env.ts';
import { type ReleasedChapter, releaseStore } from './store.ts';

export async function runDueReleases({ db, rebuild }: Pick<AppDeps, 'db' | 'rebuild'>, now: Date): Promise<ReleasedChapter[]> {
  const released = await releaseStore.releaseDue(db, now);
  if (released.length > 0) {
    const numbers = released.map((chapter) => chapter.chapter_number).join(', ');
    rebuild.schedule(`scheduled ${released.length === 1 ? 'chapter' : 'chapters'} ${numbers} released`);
  }
  return released;
}
