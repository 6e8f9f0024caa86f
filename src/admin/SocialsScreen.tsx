import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../lib/api-client.ts';
import { SOCIAL_LABELS, SOCIAL_PLATFORMS, type SocialLinks } from '../lib/socials.ts';
import { failureText, NoticeBanner, SubmitButton, TextField, useNotice } from './components.tsx';

export function SocialsScreen() {
  const [links, setLinks] = useState<SocialLinks | null>(null);
  const [saved, setSaved] = useState<SocialLinks | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, showNotice] = useNotice();

  const load = useCallback(async () => {
    try {
      const { socials } = await apiRequest<{ socials: SocialLinks }>('/api/socials/get');
      setLinks(socials);
      setSaved(socials);
    } catch {
      showNotice({ kind: 'error', text: 'Failed to load social media links' });
    }
  }, [showNotice]);

  useEffect(() => void load(), [load]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!links) return;
    setSaving(true);
    try {
      await apiRequest('/api/socials/update', { json: links });
      await load();
      showNotice({ kind: 'success', text: 'Social media links updated successfully!' });
    } catch (error) {
      showNotice({ kind: 'error', text: failureText(error, 'Failed to update social media links') });
    } finally {
      setSaving(false);
    }
  }

  const active = saved ? SOCIAL_PLATFORMS.filter((platform) => saved[platform]) : [];

  return (
    <>
      <h1>Social Media</h1>
      <NoticeBanner notice={notice} />
      {links && (
        <div className="split">
          <form className="card form" onSubmit={save}>
            {SOCIAL_PLATFORMS.map((platform) => (
              <TextField
                key={platform}
                label={SOCIAL_LABELS[platform]}
                type="url"
                placeholder="https://"
                value={links[platform]}
                onChange={(value) => setLinks({ ...links, [platform]: value })}
              />
            ))}
            <SubmitButton busy={saving} label="Save Social Links" busyLabel="Saving…" />
          </form>
          <aside className="card" aria-labelledby="active-links-title">
            <h2 id="active-links-title">Active Links</h2>
            {active.length === 0 ? (
              <p>No social links configured yet.</p>
            ) : (
              <ul className="link-list">
                {active.map((platform) => (
                  <li key={platform}>
                    <strong>{SOCIAL_LABELS[platform]}</strong>
                    <a href={saved![platform]} target="_blank" rel="noopener noreferrer">
                      {saved![platform]}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </aside>
        </div>
      )}
    </>
  );
}
