// Search by address, and filter by what is followed and by status. The search is sent once the
// typing pauses, so each key does not cost a request.
import { useEffect, useState } from 'react';
import { Field } from '../components.tsx';
import type { SubscriberFilters, SubscriberStatus } from './api.ts';
import { EVERY_STORY } from './display.ts';

const SEARCH_PAUSE_MS = 300;

interface SubscriberFilterBarProps {
  filters: SubscriberFilters;
  /** The stories that have followers: slug and title. */
  stories: readonly (readonly [string, string])[];
  onChange(filters: SubscriberFilters): void;
}

export function SubscriberFilterBar({ filters, stories, onChange }: SubscriberFilterBarProps) {
  const [search, setSearch] = useState(filters.q);
  useEffect(() => {
    if (search === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q: search }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  // A story whose last follower was just removed leaves the counts, but stays the choice shown.
  const chosenGone = filters.story !== '' && filters.story !== 'all' && !stories.some(([slug]) => slug === filters.story);
  const choices = chosenGone ? [...stories, [filters.story, filters.story] as const] : stories;
  return (
    <search className="subscriber-filters" aria-label="Subscribers">
      <Field label="Search addresses">
        {(control) => (
          <input
            {...control}
            type="search"
            value={search}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setSearch(event.target.value)}
          />
        )}
      </Field>
      <Field label="Follows">
        {(control) => (
          <select {...control} value={filters.story} onChange={(event) => onChange({ ...filters, story: event.target.value })}>
            <option value="">Anything</option>
            <option value="all">{EVERY_STORY}</option>
            {choices.map(([slug, title]) => (
              <option key={slug} value={slug}>
                {title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Status">
        {(control) => (
          <select
            {...control}
            value={filters.status}
            onChange={(event) => onChange({ ...filters, status: event.target.value as '' | SubscriberStatus })}
          >
            <option value="">Any</option>
            <option value="confirmed">Confirmed</option>
            <option value="pending">Waiting to confirm</option>
          </select>
        )}
      </Field>
    </search>
  );
}
