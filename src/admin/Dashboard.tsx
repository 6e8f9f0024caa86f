import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { QuickStats } from '#functions/dashboard/store.ts';
import { NoticeBanner } from './components.tsx';
import { quickStatsQuery } from './queries.ts';
import { sectionsFor } from './sections.ts';

const STAT_LABELS: [keyof QuickStats, string][] = [
  ['galleries', 'Galleries'],
  ['stories', 'Stories'],
  ['comments', 'Comments'],
  ['total_likes', 'Total Likes'],
];

function QuickStatsPanel() {
  const { data, isError } = useQuery(quickStatsQuery);
  const stats = isError ? 'error' : (data ?? 'loading');

  return (
    <section className="card" aria-labelledby="quick-stats-title">
      <h2 id="quick-stats-title">Quick Stats</h2>
      <NoticeBanner notice={isError ? { kind: 'error', text: 'Failed to load stats' } : null} />
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
