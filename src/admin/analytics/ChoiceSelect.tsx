// A labelled drop-down whose options show readable names ('Hour (UTC)') for the values the API
// takes ('hour'). Values may be numbers (the periods) or strings.
import { useId } from 'react';

interface ChoiceSelectProps<T extends string | number> {
  label: string;
  /** The choices; the other props' types follow from them. */
  options: readonly T[];
  value: NoInfer<T>;
  optionLabel(option: NoInfer<T>): string;
  onChange(value: NoInfer<T>): void;
}

export function ChoiceSelect<T extends string | number>({ label, value, options, optionLabel, onChange }: ChoiceSelectProps<T>) {
  const id = useId();
  return (
    <div className="field analytics-choice">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={String(value)}
        onChange={(event) => onChange(options.find((option) => String(option) === event.target.value)!)}
      >
        {options.map((option) => (
          <option key={option} value={String(option)}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
