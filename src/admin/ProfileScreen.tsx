import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { ProfileInput } from '#functions/site/schema.ts';
import { apiRequest } from '#lib/api-client.ts';
import { PROFILE_LIMITS } from '#lib/limits.ts';
import {
  type AuthorProfile,
  DEFAULT_BACKGROUND_DARK,
  DEFAULT_BACKGROUND_LIGHT,
  FEED_CONTENT,
  type FeedContent,
  FULL_TEXT_FEED_ENTRIES,
} from '#lib/profile.ts';
import { failureText, NoticeBanner, SelectField, SubmitButton, TextAreaField, TextField, useNotice } from './components.tsx';
import { fieldErrors } from './data/failure.ts';
import { queryKeys } from './data/keys.ts';
import { authorProfileQuery } from './data/queries.ts';
import { useSave } from './data/useSave.ts';

/** The form's text, every field the server's schema takes. */
type ProfileForm = Required<{ [K in keyof ProfileInput]: K extends 'feed_content' ? FeedContent : string }>;

const BACKGROUND_FIELDS = [
  { key: 'background_image_light', label: 'Light Theme Background Image URL (optional)', fallback: DEFAULT_BACKGROUND_LIGHT },
  { key: 'background_image_dark', label: 'Dark Theme Background Image URL (optional)', fallback: DEFAULT_BACKGROUND_DARK },
] as const;

function toForm(profile: AuthorProfile): ProfileForm {
  return {
    name: profile.name,
    bio: profile.bio,
    tagline: profile.tagline,
    profile_image: profile.profile_image ?? '',
    background_image_light: profile.background_image_light ?? '',
    background_image_dark: profile.background_image_dark ?? '',
    site_domain: profile.site_domain ?? '',
    time_zone: profile.time_zone,
    feed_content: profile.feed_content,
    image_license_url: profile.image_license_url ?? '',
  };
}

const FEED_CONTENT_LABELS: Record<FeedContent, string> = {
  summary: 'Each chapter’s summary and a link',
  full: 'Each chapter’s whole text',
};

/** Every zone the browser knows, UTC first; the saved one too, should the browser not know it. */
function timeZoneOptions(saved: string): string[] {
  const zones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  return zones.includes(saved) ? zones : [saved, ...zones];
}

export function ProfileScreen() {
  const { data: profile, isError } = useQuery(authorProfileQuery);
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [notice, showNotice] = useNotice();
  // The saved profile (the server's normalised values after a save) fills the form; a refused save keeps what was typed.
  useEffect(() => void (profile && setForm(toForm(profile))), [profile]);

  const save = useSave({
    mutationFn: (input: ProfileInput) => apiRequest<{ profile: AuthorProfile }>('/api/author/update', { json: input }),
    invalidates: [queryKeys.authorProfile],
    onMutate: () => showNotice(null),
    onSuccess: () => showNotice({ kind: 'success', text: 'Profile updated successfully!' }),
    onError: (error) => showNotice({ kind: 'error', text: failureText(error, 'Failed to update profile') }),
  });
  const errors = fieldErrors(save.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form) save.mutate(form);
  }

  const field = (key: keyof ProfileForm) => ({
    value: form?.[key] ?? '',
    error: errors[key],
    onChange: (value: string) => setForm((f) => f && { ...f, [key]: value }),
  });

  return (
    <>
      <h1>Author Profile</h1>
      <NoticeBanner notice={isError ? { kind: 'error', text: 'Failed to load author profile' } : notice} />
      {!form ? (
        !isError && <p role="status">Loading…</p>
      ) : (
        <div className="split">
          <form className="card form" onSubmit={submit}>
            <TextField label="Name" required maxLength={PROFILE_LIMITS.name} {...field('name')} />
            <TextAreaField label="Bio" rows={3} maxLength={PROFILE_LIMITS.bio} {...field('bio')} />
            <TextField label="Tagline" maxLength={PROFILE_LIMITS.tagline} {...field('tagline')} />
            <TextField
              label="Profile Image URL (optional)"
              type="text"
              inputMode="url"
              placeholder="/images/portrait.webp"
              {...field('profile_image')}
            />
            {BACKGROUND_FIELDS.map(({ key, label, fallback }) => (
              <TextField
                key={key}
                label={label}
                type="text"
                inputMode="url"
                placeholder={fallback}
                hint={`Leave empty for the default, ${fallback}`}
                {...field(key)}
              />
            ))}
            <TextField
              label="Site Domain for SEO (optional)"
              placeholder="author.example"
              hint="Used for canonical links and social previews; the server's address is used when empty."
              {...field('site_domain')}
            />
            <SelectField
              label="Time Zone"
              options={timeZoneOptions(form.time_zone)}
              hint="Release times of scheduled chapters are written and shown in this zone."
              {...field('time_zone')}
            />
            <SelectField
              label="Feeds Carry"
              options={FEED_CONTENT}
              optionLabels={FEED_CONTENT_LABELS}
              hint={`What feed readers receive of each new chapter: a summary, or the whole text of the newest ${FULL_TEXT_FEED_ENTRIES} (never of a story behind the 18+ confirmation).`}
              {...field('feed_content')}
            />
            <TextField
              label="Image Licence URL (optional)"
              type="text"
              inputMode="url"
              placeholder="https://creativecommons.org/licenses/by-nc/4.0/"
              hint="Named as the licence of your gallery images for search engines."
              {...field('image_license_url')}
            />
            <SubmitButton busy={save.isPending} label="Save Profile" busyLabel="Saving…" />
          </form>
          <aside className="card preview" aria-label="Preview">
            <h2>Preview</h2>
            <p className="preview-name">{form.name || 'Your name'}</p>
            <p className="preview-bio">{form.bio}</p>
            <p className="preview-tagline">{form.tagline}</p>
          </aside>
        </div>
      )}
    </>
  );
}
