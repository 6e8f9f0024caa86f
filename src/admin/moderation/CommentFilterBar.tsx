// Status and Content Type filters of the comment list, as rows of radio pills: one tap
// on a phone, arrow keys on a keyboard, and each group announced with its name.
import { type CommentFilters, filterLabel, STATUS_FILTERS, TYPE_FILTERS } from './filters.ts';

interface FilterChoiceProps<T extends string> {
  legend: string;
  name: string;
  value: T;
  options: readonly T[];
  onChange(value: T): void;
}

function FilterChoice<T extends string>({ legend, name, value, options, onChange }: FilterChoiceProps<T>) {
  return (
    <fieldset className="filter-choice">
      <legend>{legend}</legend>
      <div className="filter-choice-options">
        {options.map((option) => (
          <label key={option} className="filter-pill">
            <input type="radio" name={name} value={option} checked={option === value} onChange={() => onChange(option)} />
            <span>{filterLabel(option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function CommentFilterBar({ filters, onChange }: { filters: CommentFilters; onChange(filters: CommentFilters): void }) {
  return (
    <div className="moderation-filters">
      <FilterChoice
        legend="Status"
        name="moderation-status"
        value={filters.status}
        options={STATUS_FILTERS}
        onChange={(status) => onChange({ ...filters, status })}
      />
      <FilterChoice
        legend="Content Type"
        name="moderation-type"
        value={filters.type}
        options={TYPE_FILTERS}
        onChange={(type) => onChange({ ...filters, type })}
      />
    </div>
  );
}
