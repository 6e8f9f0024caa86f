// The story form (docs/product.md, The admin area: Stories & Chapters) in a modal. The slug
// follows the title while creating, until the person edits it; when editing it never changes by
// itself. A refused save keeps everything typed and shows each problem at its field.
import { type FormEvent, useState } from 'react';
import { GENRE_GROUPS } from '#lib/genres.ts';
import { STORY_LIMITS } from '#lib/limits.ts';
import { DEFAULT_COVER, DEFAULT_PAGE_BREAK, STORY_STATUSES, type Story } from '#lib/stories.ts';
import { Modal } from '../Modal.tsx';
import { FormActions, type Notice, NoticeBanner, SelectField, TextAreaField, TextField } from '../components.tsx';
import { failureText, fieldErrors } from '../data/failure.ts';
import { AgeGateField } from './AgeGateField.tsx';
import type { StoryDraft } from './api.ts';
import { PageBreakPicker } from './PageBreakPicker.tsx';
import { useSaveStory, useUploadStoryImage } from './queries.ts';
import { StoryImageField } from './StoryImageField.tsx';
import { TitleSlugFields } from './TitleSlugFields.tsx';

const EMPTY_STORY: StoryDraft = {
  title: '',
  slug: '',
  description: '',
  blurb: '',
  genres: [],
  primary_keywords: '',
  longtail_keywords: '',
  target_audience: '',
  cover_image: null,
  break_image: null,
  status: 'draft',
  age_gate: true,
};

/** The story's values of the form's fields: the fields are EMPTY_STORY's, so each is named once. */
function toDraft(story: Story): StoryDraft {
  const fields = Object.keys(EMPTY_STORY) as (keyof StoryDraft)[];
  return Object.fromEntries(fields.map((field) => [field, story[field]])) as StoryDraft;
}

interface StoryFormProps {
  story: Story | null;
  onSaved(story: Story, created: boolean): void;
  onClose(): void;
}

export function StoryForm({ story, onSaved, onClose }: StoryFormProps) {
  const [form, setForm] = useState<StoryDraft>(story ? toDraft(story) : EMPTY_STORY);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [picking, setPicking] = useState(false);
  const save = useSaveStory();
  const upload = useUploadStoryImage();
  const errors = fieldErrors(save.error);
  const set = <K extends keyof StoryDraft>(key: K, value: StoryDraft[K]) => setForm((f) => ({ ...f, [key]: value }));

  function toggleGenre(genre: string, on: boolean) {
    set('genres', on ? [...form.genres, genre] : form.genres.filter((g) => g !== genre));
  }

  async function uploadImage(file: File, type: 'cover' | 'pagebreak') {
    try {
      const url = await upload.mutateAsync({ file, type });
      set(type === 'cover' ? 'cover_image' : 'break_image', url);
      setNotice({
        kind: 'success',
        text: type === 'cover' ? 'Cover image uploaded successfully!' : 'Page break image uploaded successfully!',
      });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(error, 'Failed to upload image') });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    save.mutate(
      { input: form, id: story?.id },
      {
        onSuccess: (saved) => onSaved(saved, story === null),
        onError: (error) => setNotice({ kind: 'error', text: failureText(error, 'Failed to save story') }),
      },
    );
  }

  const showError = (text: string) => setNotice({ kind: 'error', text });
  return (
    <Modal title={story ? `Edit “${story.title}”` : 'New Story'} onClose={onClose} size="wide">
      <form className="form" onSubmit={submit}>
        <NoticeBanner notice={notice} />
        <TitleSlugFields
          title={form.title}
          slug={form.slug}
          creating={story === null}
          slugHint="The story's address: /storytime/story/{slug}"
          errors={errors}
          onChange={(fields) => setForm((f) => ({ ...f, ...fields }))}
        />
        <TextAreaField
          label="Description"
          rows={2}
          maxLength={STORY_LIMITS.description}
          hint="One or two sentences for search engines and social previews."
          error={errors['description']}
          value={form.description}
          onChange={(v) => set('description', v)}
        />
        <TextAreaField
          label="Blurb (Markdown)"
          rows={5}
          maxLength={STORY_LIMITS.blurb}
          hint="Shown on the story list and the story page. **bold**, *italic* and links work."
          error={errors['blurb']}
          value={form.blurb}
          onChange={(v) => set('blurb', v)}
        />
        <fieldset className="field genre-groups">
          <legend>Genres</legend>
          {GENRE_GROUPS.map((group) => (
            <fieldset key={group.label} className="genre-group">
              <legend>{group.label}</legend>
              {group.genres.map((genre) => (
                <label key={genre} className="chip-check">
                  <input type="checkbox" checked={form.genres.includes(genre)} onChange={(e) => toggleGenre(genre, e.target.checked)} />
                  <span>{genre}</span>
                </label>
              ))}
            </fieldset>
          ))}
        </fieldset>
        <div className="form-row">
          <TextField
            label="Primary keywords"
            maxLength={STORY_LIMITS.primary_keywords}
            hint="Comma-separated"
            error={errors['primary_keywords']}
            value={form.primary_keywords}
            onChange={(v) => set('primary_keywords', v)}
          />
          <TextField
            label="Longtail keywords"
            maxLength={STORY_LIMITS.longtail_keywords}
            hint="Comma-separated"
            error={errors['longtail_keywords']}
            value={form.longtail_keywords}
            onChange={(v) => set('longtail_keywords', v)}
          />
        </div>
        <TextField
          label="Target audience"
          maxLength={STORY_LIMITS.target_audience}
          error={errors['target_audience']}
          value={form.target_audience}
          onChange={(v) => set('target_audience', v)}
        />
        <AgeGateField story={form} onChange={(v) => set('age_gate', v)} />
        <div className="form-row">
          <StoryImageField
            label="Cover image"
            value={form.cover_image}
            fallback={DEFAULT_COVER}
            upload={(file) => uploadImage(file, 'cover')}
            onClear={() => set('cover_image', null)}
            onError={showError}
          />
          <StoryImageField
            label="Page break image"
            value={form.break_image}
            fallback={DEFAULT_PAGE_BREAK}
            upload={(file) => uploadImage(file, 'pagebreak')}
            onClear={() => set('break_image', null)}
            onError={showError}
          >
            <button type="button" className="button button-ghost" onClick={() => setPicking(true)}>
              Choose Page Break Image
            </button>
          </StoryImageField>
        </div>
        <SelectField
          label="Status"
          value={form.status}
          options={STORY_STATUSES}
          error={errors['status']}
          onChange={(v) => set('status', v)}
        />
        <FormActions onCancel={onClose} busy={save.isPending} label={story ? 'Update Story' : 'Create Story'} busyLabel="Saving…" />
      </form>
      {picking && (
        <PageBreakPicker
          onClose={() => setPicking(false)}
          onPick={(image) => {
            set('break_image', image.url);
            setPicking(false);
            setNotice({ kind: 'success', text: 'Page break image selected!' });
          }}
        />
      )}
    </Modal>
  );
}
