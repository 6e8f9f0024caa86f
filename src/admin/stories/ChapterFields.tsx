// The fields of a chapter, the same in both of its editors: the admin's chapter form and the Edit
// dialog of the reader's page. Each shows the server's word on it after a refused save.
import { CHAPTER_LIMITS } from '#lib/limits.ts';
import { SelectField, TextAreaField, TextField } from '../components.tsx';
import { CHAPTER_STATUS_CHOICES, type ChapterDraft } from './chapter-draft.ts';
import { ReleaseTimeFields } from './ReleaseTimeFields.tsx';
import { TitleSlugFields } from './TitleSlugFields.tsx';

interface ChapterFieldsProps {
  draft: ChapterDraft;
  onChange(draft: ChapterDraft): void;
  /** The author's time zone: release times are entered in it. */
  timeZone: string;
  errors: Readonly<Record<string, string>>;
  /** A new chapter: its slug follows the title until edited. */
  creating: boolean;
  /** The reader's dialog leaves the slug as it is. */
  withSlug?: boolean;
  /** Without it the content is not among the fields: the full-page editor has its own. */
  contentRows?: number;
}

export function ChapterFields({ draft, onChange, timeZone, errors, creating, withSlug = true, contentRows }: ChapterFieldsProps) {
  const set = <K extends keyof ChapterDraft>(key: K, value: ChapterDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <>
      {withSlug ? (
        <TitleSlugFields
          title={draft.title}
          slug={draft.slug}
          creating={creating}
          titleMaxLength={CHAPTER_LIMITS.title}
          errors={errors}
          onChange={(fields) => onChange({ ...draft, ...fields })}
        />
      ) : (
        <TextField
          label="Title"
          required
          maxLength={CHAPTER_LIMITS.title}
          error={errors['title']}
          value={draft.title}
          onChange={(v) => set('title', v)}
        />
      )}
      <div className="form-row">
        <TextField
          label="Chapter number"
          type="number"
          required
          min={1}
          max={CHAPTER_LIMITS.chapter_number}
          step={1}
          error={errors['chapter_number']}
          value={draft.chapter_number}
          onChange={(v) => set('chapter_number', v)}
        />
        <SelectField
          label="Status"
          value={draft.status}
          options={CHAPTER_STATUS_CHOICES}
          error={errors['status']}
          onChange={(v) => set('status', v)}
        />
      </div>
      {draft.status === 'scheduled' && (
        <ReleaseTimeFields
          value={draft.release}
          timeZone={timeZone}
          error={errors['release_at']}
          onChange={(release) => set('release', release)}
        />
      )}
      {contentRows !== undefined && (
        <TextAreaField
          label="Content (Markdown)"
          required
          rows={contentRows}
          maxLength={CHAPTER_LIMITS.content}
          error={errors['content']}
          value={draft.content}
          onChange={(v) => set('content', v)}
        />
      )}
    </>
  );
}
