// The story form's 18+ switch. The rule for "adult" lives in
// src/lib/adult-content.ts; the form applies it to what is typed, so the author sees at once
// whether the story counts as adult and what readers and search engines will meet.
import { useId } from 'react';
import { isAdultStory } from '#lib/adult-content.ts';
import type { StoryDraft } from './api.ts';

interface Props {
  story: Pick<StoryDraft, 'target_audience' | 'genres' | 'age_gate'>;
  onChange(ageGate: boolean): void;
}

export function AgeGateField({ story, onChange }: Props) {
  const hintId = useId();
  const adult = isAdultStory(story);
  return (
    <div className="field age-gate-field">
      <label className="check-field">
        <input type="checkbox" checked={story.age_gate} aria-describedby={hintId} onChange={(event) => onChange(event.target.checked)} />
        <span>Show the 18+ confirmation</span>
      </label>
      <small id={hintId}>
        Applies to adult stories: a target audience such as "Adults" or "18+", or a genre from Erotica/Adult. Adult stories are kept out of
        search engines and the sitemap either way.{' '}
        <strong data-adult-status>{adult ? 'This story counts as adult.' : 'This story does not count as adult.'}</strong>
      </small>
    </div>
  );
}
