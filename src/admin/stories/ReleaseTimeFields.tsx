// The release date and time of a scheduled chapter, on the author's clock: the zone is named
// beside the inputs, so nobody schedules in their browser's zone by mistake.
import { TextField } from '../components.tsx';
import type { WallTime } from '#lib/releases.ts';

interface Props {
  value: WallTime;
  /** The server's word on the release time, shown at the date. */
  error?: string | undefined;
  timeZone: string;
  onChange(value: WallTime): void;
}

export function ReleaseTimeFields({ value, timeZone, error, onChange }: Props) {
  return (
    <fieldset className="release-time">
      <legend>Scheduled release ({timeZone})</legend>
      <div className="form-row">
        <TextField
          label="Release date"
          type="date"
          required
          error={error}
          value={value.date}
          onChange={(date) => onChange({ ...value, date })}
        />
        <TextField label="Release time" type="time" required value={value.time} onChange={(time) => onChange({ ...value, time })} />
      </div>
      <small>The chapter stays hidden until then and is published by itself. Change the zone under Author Profile.</small>
    </fieldset>
  );
}
