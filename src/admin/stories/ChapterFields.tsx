// The fields of a chapter, with the server's word on each after a refused save: title and slug,
// number, status and release time, the author's notes and the content warnings.
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
}

export function ChapterFields({ draft, onChange, timeZone, errors, creating }: ChapterFieldsProps) {
  const set = <K extends keyof ChapterDraft>(key: K, value: ChapterDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <>
      <TitleSlugFields
        title={draft.title}
        slug={draft.slug}
        creating={creating}
        titleMaxLength={CHAPTER_LIMITS.title}
        errors={errors}
        onChange={(fields) => onChange({ ...draft, ...fields })}
      />
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
      <ChapterNoteFields draft={draft} onChange={onChange} errors={errors} />
    </>
  );
}

/** The author's notes before and after the text, and the content warnings one a line (docs/product.md, The writing desk). */
function ChapterNoteFields({ draft, onChange, errors }: Pick<ChapterFieldsProps, 'draft' | 'onChange' | 'errors'>) {
  const set = <K extends keyof ChapterDraft>(key: K, value: ChapterDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <>
      <TextAreaField
        label="Content warnings"
        hint={`One a line, shown before the text (at most ${CHAPTER_LIMITS.content_warnings}, ${CHAPTER_LIMITS.content_warning} characters each).`}
        rows={3}
        error={errors['content_warnings']}
        value={draft.content_warnings}
        onChange={(v) => set('content_warnings', v)}
      />
      <TextAreaField
        label="Author's note before the chapter (Markdown)"
        rows={3}
        maxLength={CHAPTER_LIMITS.note}
        error={errors['note_before']}
        value={draft.note_before}
        onChange={(v) => set('note_before', v)}
      />
      <TextAreaField
        label="Author's note after the chapter (Markdown)"
        rows={3}
        maxLength={CHAPTER_LIMITS.note}
        error={errors['note_after']}
        value={draft.note_after}
        onChange={(v) => set('note_after', v)}
      />
    </>
  );
}
