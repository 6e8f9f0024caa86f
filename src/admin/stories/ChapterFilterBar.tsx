// The chapter list's filter as a row of radio pills (the moderation filters' look): All,
// Published, Scheduled, Drafts, each with its count.
import type { AdminChapterSummary } from '#lib/stories.ts';
import { CHAPTER_FILTERS, type ChapterFilter, chapterFilterCounts } from './chapter-list.ts';

interface ChapterFilterBarProps {
  chapters: readonly AdminChapterSummary[];
  filter: ChapterFilter;
  onChange: (filter: ChapterFilter) => void;
}

export function ChapterFilterBar({ chapters, filter, onChange }: ChapterFilterBarProps) {
  const counts = chapterFilterCounts(chapters);
  return (
    <fieldset className="filter-choice chapter-filter">
      <legend className="visually-hidden">Show chapters</legend>
      <div className="filter-choice-options">
        {CHAPTER_FILTERS.map(({ value, label }) => (
          <label key={value} className="filter-pill">
            <input type="radio" name="chapter-filter" value={value} checked={filter === value} onChange={() => onChange(value)} />
            <span>
              {label} ({counts[value]})
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
