// A story's recurring release schedule: the weekdays and the time (on the author's clock). Saving
// gives every draft without a release time the next free slot, in chapter order; the server
// says how many and when the first comes out, or that there were no drafts to schedule.
import { type FormEvent, useState } from 'react';
import { describeSchedule, type ReleaseSchedule, WEEKDAY_NAMES } from '../../lib/releases.ts';
import type { Story } from '../../lib/stories.ts';
import { Modal } from '../Modal.tsx';
import { failureText, type Notice, NoticeBanner, SubmitButton, TextField } from '../components.tsx';
import { storyApi } from './api.ts';

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
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const toggle = (day: number, on: boolean) =>
    setSchedule((s) => ({ ...s, weekdays: on ? [...s.weekdays, day] : s.weekdays.filter((d) => d !== day) }));

  async function save(next: ReleaseSchedule | null) {
    setSaving(true);
    setNotice(null);
    try {
      onSaved((await storyApi.saveSchedule(story.id, next)).message);
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(error, 'Failed to save the release schedule') });
      setSaving(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (schedule.weekdays.length === 0) return setNotice({ kind: 'error', text: 'Choose at least one day.' });
    void save(schedule);
  }

  return (
    <Modal title={`Release schedule of “${story.title}”`} onClose={onClose}>
      <NoticeBanner notice={notice} />
      {story.release_schedule && <p className="muted">Current schedule: {describeSchedule(story.release_schedule)} ({timeZone}).</p>}
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
        <div className="form-actions">
          {story.release_schedule && (
            <button type="button" className="button button-ghost" disabled={saving} onClick={() => void save(null)}>
              Remove schedule
            </button>
          )}
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton busy={saving} label="Schedule drafts" busyLabel="Scheduling…" />
        </div>
      </form>
    </Modal>
  );
}
