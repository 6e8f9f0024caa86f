import { type FormEvent, useEffect, useState } from 'react';
import { apiRequest } from '../lib/api-client.ts';
import { type AuthorProfile, DEFAULT_BACKGROUND_DARK, DEFAULT_BACKGROUND_LIGHT } from '../lib/profile.ts';
import { failureText, NoticeBanner, SelectField, SubmitButton, TextField, useNotice } from './components.tsx';

type ProfileForm = Record<
  'name' | 'bio' | 'tagline' | 'profile_image' | 'background_image_light' | 'background_image_dark' | 'site_domain' | 'time_zone',
  string
>;

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
  };
}

/** Every zone the browser knows, UTC first; the saved one too, should the browser not know it. */
function timeZoneOptions(saved: string): string[] {
  const zones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  return zones.includes(saved) ? zones : [saved, ...zones];
}

export function ProfileScreen() {
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, showNotice] = useNotice();

  useEffect(() => {
    apiRequest<{ profile: AuthorProfile }>('/api/author/get')
      .then(({ profile }) => setForm(toForm(profile)))
      .catch(() => showNotice({ kind: 'error', text: 'Failed to load author profile' }));
  }, [showNotice]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    setSaving(true);
    try {
      const { profile } = await apiRequest<{ profile: AuthorProfile }>('/api/author/update', { json: form });
      setForm(toForm(profile));
      showNotice({ kind: 'success', text: 'Profile updated successfully!' });
    } catch (error) {
      showNotice({ kind: 'error', text: failureText(error, 'Failed to update profile') });
    } finally {
      setSaving(false);
    }
  }

  const field = (key: keyof ProfileForm) => ({ value: form?.[key] ?? '', onChange: (value: string) => setForm((f) => f && { ...f, [key]: value }) });

  return (
    <>
      <h1>Author Profile</h1>
      <NoticeBanner notice={notice} />
      {!form ? (
        !notice && <p role="status">Loading…</p>
      ) : (
        <div className="split">
          <form className="card form" onSubmit={save}>
            <TextField label="Name" required maxLength={200} {...field('name')} />
            <label className="field">
              <span>Bio</span>
              <textarea rows={3} maxLength={2000} value={form.bio} onChange={(e) => setForm({ ...form, bio: e.target.value })} />
            </label>
            <TextField label="Tagline" maxLength={500} {...field('tagline')} />
            <TextField label="Profile Image URL (optional)" type="text" inputMode="url" placeholder="/images/portrait.webp" {...field('profile_image')} />
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
            <SubmitButton busy={saving} label="Save Profile" busyLabel="Saving…" />
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
