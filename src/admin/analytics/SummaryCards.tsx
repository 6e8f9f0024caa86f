// The six summary cards, with a word on the two numbers that need one.
import type { AnalyticsTotals } from '#lib/analytics-report.ts';
import { formatCount, formatPercent } from './format.ts';

const CARDS: { key: keyof AnalyticsTotals; label: string; note?: string }[] = [
  { key: 'total_views', label: 'Total Views' },
  // A visitor is recognised within a UTC day only (docs/decisions/0010).
  { key: 'unique_visitors', label: 'Unique Visitors', note: 'Counted per UTC day' },
  { key: 'story_views', label: 'Story Views' },
  { key: 'chapter_views', label: 'Chapter Views' },
  { key: 'gallery_views', label: 'Gallery Views' },
  { key: 'avg_reading_depth', label: 'Avg Reading Depth', note: 'How far readers got in a chapter' },
];

export function SummaryCards({ totals }: { totals: AnalyticsTotals }) {
  return (
    <dl className="stat-tiles analytics-cards" aria-label="Summary">
      {CARDS.map(({ key, label, note }) => {
        const value = totals[key];
        return (
          <div key={key} className="card stat-tile analytics-card">
            <dt>{label}</dt>
            <dd className="stat-tile-value analytics-card-value">
              {key === 'avg_reading_depth' ? formatPercent(value) : formatCount(value ?? 0)}
            </dd>
            {note && <dd className="analytics-card-note">{note}</dd>}
          </div>
        );
      })}
    </dl>
  );
}
