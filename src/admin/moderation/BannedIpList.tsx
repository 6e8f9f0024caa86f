// The banned addresses: IP, who banned it, reason, date and 'Unban'.
import type { BannedIp } from './api.ts';
import { bannedByLabel, localDate } from './display.ts';

interface BannedIpListProps {
  bans: BannedIp[];
  busyId: number | null;
  onUnban(ban: BannedIp): void;
}

export function BannedIpList({ bans, busyId, onUnban }: BannedIpListProps) {
  if (bans.length === 0) return <p className="muted">No banned IP addresses.</p>;
  return (
    <ul className="banned-list">
      {bans.map((ban) => (
        <li key={ban.id} className="card banned-ip">
          <div className="banned-ip-head">
            <code className="banned-ip-address">{ban.ip_address}</code>
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={busyId === ban.id}
              aria-label={`Unban ${ban.ip_address}`}
              onClick={() => onUnban(ban)}
            >
              Unban
            </button>
          </div>
          <dl className="banned-ip-details">
            <div>
              <dt>Banned by</dt>
              <dd>{bannedByLabel(ban)}</dd>
            </div>
            <div>
              <dt>Reason</dt>
              <dd>{ban.reason || <span className="muted">None given</span>}</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>
                <time dateTime={ban.banned_at}>{localDate(ban.banned_at)}</time>
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
