import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { QuickStats } from '../../functions/dashboard/store.ts';
import { apiRequest } from '../lib/api-client.ts';
import { sectionsFor } from './sections.ts';

const STAT_LABELS: [keyof QuickStats, string][] = [
  ['galleries', 'Galleries'],
  ['stories', 'Stories'],
  ['comments', 'Comments'],
  ['total_likes', 'Total Likes'],
];

function QuickStatsPanel() {
  const [stats, setStats] = useState<QuickStats | 'loading' | 'error'>('loading');
  useEffect(() => {
    apiRequest<{ data: QuickStats }>('/api/admin/quick-stats')
      .then(({ data }) => setStats(data))
      .catch(() => setStats('error'));
  }, []);

  return (
    <section className="card" aria-labelledby="quick-stats-title">
      <h2 id="quick-stats-title">Quick Stats</h2>
      {stats === 'error' && (
        <p className="notice notice-error" role="alert">
          Failed to load stats
        </p>
      )}
      <dl className="stats">
        {STAT_LABELS.map(([key, label]) => (
          <div key={key} className="stat">
            <dt>{label}</dt>
            <dd>{stats === 'loading' ? 'Loading' : stats === 'error' ? 'Error' : stats[key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** `role`: the signed-in user's; the cards show only the sections that role may open. */
export function Dashboard({ role }: { role: string }) {
  return (
    <>
      <h1>Dashboard</h1>
      <ul className="section-cards">
        {sectionsFor(role).map((section) => (
          <li key={section.path}>
            <Link href={section.path} className="card section-card">
              <h2>{section.label}</h2>
              <p>{section.description}</p>
            </Link>
          </li>
        ))}
      </ul>
      <QuickStatsPanel />
    </>
  );
}
