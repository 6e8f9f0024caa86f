// Retention: for one story, each published chapter's unique readers as a share of the
// first chapter's: where readers drop off. The story is the reader's choice, else the most read
// one of the period, else the first story. Failures leave the chart empty (docs/product.md, Forms and messages).
import { useState } from 'react';
import type { AnalyticsPeriod, StoryRetention } from '#lib/analytics-report.ts';
import { analyticsApi } from './api.ts';
import { BarList } from './BarList.tsx';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import { formatCountOf, formatPercent } from './format.ts';
import { useAnalyticsQuery } from './useAnalyticsQuery.ts';

interface RetentionPanelProps {
  days: AnalyticsPeriod;
  /** The period's most read story, if any. */
  mostRead: string | null;
}

function RetentionChart({ retention }: { retention: StoryRetention | null }) {
  if (!retention) return null;
  if (retention.chapters.length === 0) return <p className="muted">This story has no published chapters.</p>;
  if (retention.chapters.every((chapter) => chapter.unique_readers === 0))
    return <p className="muted">Nobody read this story in this period.</p>;
  return (
    <BarList
      label="Readers of each chapter as a share of chapter 1"
      items={retention.chapters.map((chapter) => ({
        key: String(chapter.chapter_number),
        label: (
          <>
            <span className="bar-list-title">Chapter {chapter.chapter_number}</span> <span className="bar-list-slug">{chapter.title}</span>
          </>
        ),
        figure: `${formatPercent(chapter.share_of_first)} · ${formatCountOf(chapter.unique_readers, 'reader')}`,
        fraction: (chapter.share_of_first ?? 0) / 100,
      }))}
    />
  );
}

export function RetentionPanel({ days, mostRead }: RetentionPanelProps) {
  const stories = useAnalyticsQuery(['stories'], analyticsApi.stories, { value: [] }).value ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const slug = picked ?? mostRead ?? stories[0]?.slug ?? null;

  const retention = useAnalyticsQuery(['retention', days, slug], async () => (slug ? analyticsApi.retention(days, slug) : null), {
    value: null,
  });

  const titles = new Map(stories.map((story) => [story.slug, story.title]));
  const choices = slug && !titles.has(slug) ? [slug, ...titles.keys()] : [...titles.keys()];

  return (
    <section className="card analytics-panel" aria-labelledby="analytics-retention-title" aria-busy={retention.loading}>
      <h2 id="analytics-retention-title">Retention</h2>
      <p className="muted analytics-note">Unique readers of each chapter as a share of chapter 1.</p>
      {slug === null ? (
        <p className="muted">No stories yet.</p>
      ) : (
        <>
          <ChoiceSelect
            label="Story"
            value={slug}
            options={choices}
            optionLabel={(choice) => titles.get(choice) ?? choice}
            onChange={setPicked}
          />
          <RetentionChart retention={retention.value?.story_slug === slug ? retention.value : null} />
        </>
      )}
    </section>
  );
}
