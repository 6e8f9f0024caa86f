// The Moderation Manager's tiles: pending, approved and rejected comments, banned IPs.
import type { ModerationStats } from './api.ts';
import type { Loaded } from './useModerationData.ts';

const TILES: [keyof ModerationStats, string][] = [
  ['pending_comments', 'Pending Comments'],
  ['approved_comments', 'Approved Comments'],
  ['rejected_comments', 'Rejected Comments'],
  ['banned_ips', 'Banned IPs'],
];

/** `showError`: false while the screen says 'Failed to load data' once for everything. */
export function ModerationStatsTiles({ stats, showError }: { stats: Loaded<ModerationStats>; showError: boolean }) {
  return (
    <section aria-label="Moderation stats">
      {showError && stats && 'error' in stats && (
        <p className="notice notice-error" role="alert">
          {stats.error}
        </p>
      )}
      <dl className="stat-tiles moderation-stats">
        {TILES.map(([key, label]) => (
          <div key={key} className={`card stat-tile moderation-stat moderation-stat-${key}`}>
            {/* On a phone the banned list comes after every comment: the tile leads there. */}
            <dt>{key === 'banned_ips' ? <a href="#moderation-bans">{label}</a> : label}</dt>
            <dd className="stat-tile-value">{stats === null ? 'Loading' : 'error' in stats ? 'Error' : stats.data[key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
