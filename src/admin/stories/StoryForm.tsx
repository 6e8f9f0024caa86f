// The story form in a modal. The slug follows the title while
// creating, until the person edits it; when editing it never changes by itself. A failed save
// keeps everything typed and shows the error inside the form.
import { type FormEvent, useState } from 'react';
import { GENRE_GROUPS } from '../../lib/genres.ts';
import { DEFAULT_COVER, DEFAULT_PAGE_BREAK, STORY_STATUSES, type Story } from '../../lib/stories.ts';
import { Modal } from '../Modal.tsx';
import { failureText, type Notice, NoticeBanner, SelectField, SubmitButton, TextAreaField, TextField } from '../components.tsx';
import { AgeGateField } from './AgeGateField.tsx';
import { type StoryInput, storyApi } from './api.ts';
import { PageBreakPicker } from './PageBreakPicker.tsx';
import { StoryImageField } from './StoryImageField.tsx';
import { TitleSlugFields } from './TitleSlugFields.tsx';

const EMPTY_STORY: StoryInput = {
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

function toInput(story: Story): StoryInput {
  const { title, slug, description, blurb, genres, primary_keywords, longtail_keywords, target_audience, cover_image, break_image, status, age_gate } = story;
  return { title, slug, description, blurb, genres, primary_keywords, longtail_keywords, target_audience, cover_image, break_image, status, age_gate };
}

interface StoryFormProps {
  story: Story | null;
  onSaved(story: Story, created: boolean): void;
  onClose(): void;
}

export function StoryForm({ story, onSaved, onClose }: StoryFormProps) {
  const [form, setForm] = useState<StoryInput>(story ? toInput(story) : EMPTY_STORY);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [picking, setPicking] = useState(false);
  const set = <K extends keyof StoryInput>(key: K, value: StoryInput[K]) => setForm((f) => ({ ...f, [key]: value }));

  function toggleGenre(genre: string, on: boolean) {
    set('genres', on ? [...form.genres, genre] : form.genres.filter((g) => g !== genre));
  }

  async function uploadImage(file: File, type: 'cover' | 'pagebreak') {
    try {
      const url = await storyApi.uploadImage(file, type);
      set(type === 'cover' ? 'cover_image' : 'break_image', url);
      setNotice({ kind: 'success', text: type === 'cover' ? 'Cover image uploaded successfully!' : 'Page break image uploaded successfully!' });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(error, 'Failed to upload image') });
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setNotice(null);
    try {
      onSaved(await storyApi.save(form, story?.id), story === null);
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(error, 'Failed to save story') });
      setSaving(false);
    }
  }

  const showError = (text: string) => setNotice({ kind: 'error', text });
  return (
    <Modal title={story ? `Edit “${story.title}”` : 'New Story'} onClose={onClose} size="wide">
      <form className="form" onSubmit={save}>
        <NoticeBanner notice={notice} />
        <TitleSlugFields
          title={form.title}
          slug={form.slug}
          creating={story === null}
          slugHint="The story's address: /storytime/story/{slug}"
          onChange={(fields) => setForm((f) => ({ ...f, ...fields }))}
        />
        <TextAreaField label="Description" rows={2} maxLength={5000} hint="One or two sentences for search engines and social previews." value={form.description} onChange={(v) => set('description', v)} />
        <TextAreaField label="Blurb (Markdown)" rows={5} maxLength={20000} hint="Shown on the story list and the story page. **bold**, *italic* and links work." value={form.blurb} onChange={(v) => set('blurb', v)} />
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
          <TextField label="Primary keywords" maxLength={1000} hint="Comma-separated" value={form.primary_keywords} onChange={(v) => set('primary_keywords', v)} />
          <TextField label="Longtail keywords" maxLength={2000} hint="Comma-separated" value={form.longtail_keywords} onChange={(v) => set('longtail_keywords', v)} />
        </div>
        <TextField label="Target audience" maxLength={500} value={form.target_audience} onChange={(v) => set('target_audience', v)} />
        <AgeGateField story={form} onChange={(v) => set('age_gate', v)} />
        <div className="form-row">
          <StoryImageField label="Cover image" value={form.cover_image} fallback={DEFAULT_COVER} upload={(file) => uploadImage(file, 'cover')} onClear={() => set('cover_image', null)} onError={showError} />
          <StoryImageField label="Page break image" value={form.break_image} fallback={DEFAULT_PAGE_BREAK} upload={(file) => uploadImage(file, 'pagebreak')} onClear={() => set('break_image', null)} onError={showError}>
            <button type="button" className="button button-ghost" onClick={() => setPicking(true)}>
              Choose Page Break Image
            </button>
          </StoryImageField>
        </div>
        <SelectField label="Status" value={form.status} options={STORY_STATUSES} onChange={(v) => set('status', v)} />
        <div className="form-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton busy={saving} label={story ? 'Update Story' : 'Create Story'} busyLabel="Saving…" />
        </div>
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
