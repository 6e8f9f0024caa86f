// A story's recurring release schedule: the weekdays and the time (on the author's clock). Saving
// gives every draft without a release time the next free slot, in chapter order; the server
// says how many and when the first comes out, or that there were no drafts to schedule.
import { type FormEvent, useState } from 'react';
import { describeSchedule, type ReleaseSchedule, WEEKDAY_NAMES } from '#lib/releases.ts';
import type { Story } from '#lib/stories.ts';
import { Modal } from '../Modal.tsx';
import { FormActions, type Notice, NoticeBanner, TextField } from '../components.tsx';
import { failureText } from '../data/failure.ts';
import { useSaveSchedule } from './queries.ts';

/** Monday first, as calendars in most of the author's readers' countries show it. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

interface Props {
  story: Story;
  timeZone: string;
  onSaved(message: string): void;
  onClose(): void;
}

export function ScheduleDialog({ story, timeZone, onSaved, onClose }: Props) {
  const [schedule, setSchedule] = useState<ReleaseSchedule>(story.release_schedule ?? { weekdays: [], time: '18:00' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const saveSchedule = useSaveSchedule(story.id);

  const toggle = (day: number, on: boolean) =>
    setSchedule((s) => ({ ...s, weekdays: on ? [...s.weekdays, day] : s.weekdays.filter((d) => d !== day) }));

  function save(next: ReleaseSchedule | null) {
    setNotice(null);
    saveSchedule.mutate(next, {
      onSuccess: (result) => onSaved(result.message),
      onError: (error) => setNotice({ kind: 'error', text: failureText(error, 'Failed to save the release schedule') }),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (schedule.weekdays.length === 0) return setNotice({ kind: 'error', text: 'Choose at least one day.' });
    save(schedule);
  }

  return (
    <Modal title={`Release schedule of “${story.title}”`} onClose={onClose}>
      <NoticeBanner notice={notice} />
      {story.release_schedule && (
        <p className="muted">
          Current schedule: {describeSchedule(story.release_schedule)} ({timeZone}).
        </p>
      )}
      <form className="form" onSubmit={submit}>
        <fieldset className="field weekday-picker">
          <legend>Release days</legend>
          {WEEK_ORDER.map((day) => (
            <label key={day} className="chip-check">
              <input type="checkbox" checked={schedule.weekdays.includes(day)} onChange={(e) => toggle(day, e.target.checked)} />
              <span>{WEEKDAY_NAMES[day]}</span>
            </label>
          ))}
        </fieldset>
        <TextField
          label={`Release time (${timeZone})`}
          type="time"
          required
          value={schedule.time}
          onChange={(time) => setSchedule((s) => ({ ...s, time }))}
          hint="Drafts without a release time get the next free days, in chapter order."
        />
        <FormActions onCancel={onClose} busy={saveSchedule.isPending} label="Schedule drafts" busyLabel="Scheduling…">
          {story.release_schedule && (
            <button type="button" className="button button-ghost" disabled={saveSchedule.isPending} onClick={() => save(null)}>
              Remove schedule
            </button>
          )}
        </FormActions>
      </form>
    </Modal>
  );
}
