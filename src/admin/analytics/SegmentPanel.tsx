// Audience Segments: who reads, by device, browser, referrer, hour, weekday or kind of
// content: the first 10 with views and unique visitors. A failure leaves the list empty (docs/product.md, Forms and messages).
import { useState } from 'react';
import { type AnalyticsPeriod, AUDIENCE_SEGMENTS, type AudienceSegment, type SegmentRow, TOP_LIST_SIZE } from '#lib/analytics-report.ts';
import { analyticsApi } from './api.ts';
import { BarList } from './BarList.tsx';
import { shareOfLargest } from './chart-scale.ts';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import { formatCountOf, SEGMENT_LABELS } from './format.ts';
import { useAnalyticsQuery } from './useAnalyticsQuery.ts';

/** The rows with the segment they answer, so rows of the previous choice never show under a new one. */
interface SegmentList {
  segment: AudienceSegment;
  rows: SegmentRow[];
}

export function SegmentPanel({ days }: { days: AnalyticsPeriod }) {
  const [segment, setSegment] = useState<AudienceSegment>('device');
  const { value, loading } = useAnalyticsQuery<SegmentList>(
    ['segment', days, segment],
    async () => ({ segment, rows: await analyticsApi.segments(days, segment) }),
    { value: { segment, rows: [] } },
  );
  const rows = value?.segment === segment ? value.rows.slice(0, TOP_LIST_SIZE) : [];
  const shares = shareOfLargest(rows.map((row) => row.views));

  return (
    <section className="card analytics-panel" aria-labelledby="analytics-segments-title" aria-busy={loading}>
      <h2 id="analytics-segments-title">Audience Segments</h2>
      <ChoiceSelect
        label="Segment"
        value={segment}
        options={AUDIENCE_SEGMENTS}
        optionLabel={(choice) => SEGMENT_LABELS[choice]}
        onChange={setSegment}
      />
      {rows.length === 0 && !loading && <p className="muted">No data for this period.</p>}
      {rows.length > 0 && (
        <BarList
          label={`Views by ${SEGMENT_LABELS[segment].toLowerCase()}`}
          items={rows.map((row, rank) => ({
            key: row.segment,
            label: <span className="bar-list-title">{row.segment}</span>,
            figure: `${formatCountOf(row.views, 'view')} · ${formatCountOf(row.unique_visitors, 'visitor')}`,
            fraction: shares[rank]!,
          }))}
        />
      )}
    </section>
  );
}
