// Top Stories: the first 10 by views, with title and slug.
import { type TopStory, TOP_LIST_SIZE } from '#lib/analytics-report.ts';
import { BarList } from './BarList.tsx';
import { shareOfLargest } from './chart-scale.ts';
import { formatCountOf } from './format.ts';

export function TopStories({ stories }: { stories: TopStory[] }) {
  const shown = stories.slice(0, TOP_LIST_SIZE);
  const shares = shareOfLargest(shown.map((story) => story.views));
  return (
    <section className="card analytics-panel" aria-labelledby="analytics-top-stories-title">
      <h2 id="analytics-top-stories-title">Top Stories</h2>
      <p className="muted analytics-note">Views count the story page and its chapters.</p>
      {shown.length === 0 ? (
        <p className="muted">No story was read in this period.</p>
      ) : (
        <BarList
          label="Top stories by views"
          items={shown.map((story, rank) => ({
            key: story.story_slug,
            label: (
              <>
                <span className="bar-list-title">{story.title}</span> <span className="bar-list-slug">{story.story_slug}</span>
              </>
            ),
            figure: formatCountOf(story.views, 'view'),
            fraction: shares[rank]!,
          }))}
        />
      )}
    </section>
  );
}
