import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { SocialsInput } from '#functions/site/schema.ts';
import { apiRequest } from '#lib/api-client.ts';
import { SOCIAL_LABELS, SOCIAL_PLATFORMS, type SocialLinks } from '#lib/socials.ts';
import { failureText, NoticeBanner, SubmitButton, TextField, useNotice } from './components.tsx';
import { fieldErrors } from './data/failure.ts';
import { useSave } from './data/useSave.ts';
import { socialsQuery } from './queries.ts';

export function SocialsScreen() {
  const { data: saved, isError } = useQuery(socialsQuery);
  const [links, setLinks] = useState<SocialLinks | null>(null);
  const [notice, showNotice] = useNotice();
  // The saved links fill the form once loaded and after a save; a refused save keeps what was typed.
  useEffect(() => void (saved && setLinks(saved)), [saved]);

  const save = useSave({
    mutationFn: (input: SocialsInput) => apiRequest('/api/socials/update', { json: input }),
    invalidates: [socialsQuery.queryKey],
    onMutate: () => showNotice(null),
    onSuccess: () => showNotice({ kind: 'success', text: 'Social media links updated successfully!' }),
    onError: (error) => showNotice({ kind: 'error', text: failureText(error, 'Failed to update social media links') }),
  });
  const errors = fieldErrors(save.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (links) save.mutate(links);
  }

  const active = saved ? SOCIAL_PLATFORMS.filter((platform) => saved[platform]) : [];

  return (
    <>
      <h1>Social Media</h1>
      <NoticeBanner notice={isError ? { kind: 'error', text: 'Failed to load social media links' } : notice} />
      {links && (
        <div className="split">
          <form className="card form" onSubmit={submit}>
            {SOCIAL_PLATFORMS.map((platform) => (
              <TextField
                key={platform}
                label={SOCIAL_LABELS[platform]}
                type="url"
                placeholder="https://"
                value={links[platform]}
                error={errors[platform]}
                onChange={(value) => setLinks({ ...links, [platform]: value })}
              />
            ))}
            <SubmitButton busy={save.isPending} label="Save Social Links" busyLabel="Saving…" />
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
