// The Analytics Dashboard (/admin/analytics): the period and 'Refresh', the
// summary cards, the daily chart, Top Stories, Retention, Audience Segments and Content
// Performance. What each number counts: docs/decisions/0010-analytics-daily-rollups.md.
// When the summary cannot be loaded its error replaces the screen; the other parts
// ignore their failures.
import './analytics.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ANALYTICS_PERIODS, type AnalyticsPeriod, DEFAULT_ANALYTICS_PERIOD } from '#lib/analytics-report.ts';
import { analyticsApi, summaryFailure } from './api.ts';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import { ContentPanel } from './ContentPanel.tsx';
import { DailyChart } from './DailyChart.tsx';
import { periodLabel } from './format.ts';
import { RetentionPanel } from './RetentionPanel.tsx';
import { SegmentPanel } from './SegmentPanel.tsx';
import { SummaryCards } from './SummaryCards.tsx';
import { TopStories } from './TopStories.tsx';
import { useAnalyticsQuery } from './useAnalyticsQuery.ts';
import { queryKeys } from '../data/keys.ts';

export function AnalyticsDashboard() {
  const [days, setDays] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const summary = useAnalyticsQuery(['summary', days], () => analyticsApi.summary(days));
  const queryClient = useQueryClient();

  if (summary.error !== undefined) {
    return (
      <p className="notice notice-error" role="alert">
        {summaryFailure(summary.error)}
      </p>
    );
  }
  return (
    <div className="analytics" aria-busy={summary.loading}>
      <div className="page-header">
        <h1>Analytics Dashboard</h1>
        <div className="analytics-controls">
          <ChoiceSelect label="Period" value={days} options={ANALYTICS_PERIODS} optionLabel={periodLabel} onChange={setDays} />
          <button
            type="button"
            className="button button-ghost"
            onClick={() => void queryClient.refetchQueries({ queryKey: queryKeys.analytics, type: 'active' })}
            disabled={summary.loading}
          >
            Refresh
          </button>
        </div>
      </div>
      {summary.value ? (
        <>
          <p className="muted analytics-period">{periodLabel(summary.value.period_days)}, up to now. Days, hours and weekdays are UTC.</p>
          <SummaryCards totals={summary.value.summary} />
          <DailyChart daily={summary.value.daily} />
          <div className="analytics-columns">
            <TopStories stories={summary.value.top_stories} />
            <SegmentPanel days={days} />
          </div>
          <RetentionPanel days={days} mostRead={summary.value.top_stories[0]?.story_slug ?? null} />
          <ContentPanel days={days} />
        </>
      ) : (
        <p role="status">Loading analytics...</p>
      )}
    </div>
  );
}
