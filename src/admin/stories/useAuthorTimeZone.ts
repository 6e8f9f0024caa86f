// The author's time zone (Author Profile), in which release times are entered and shown. Until
// it has loaded, or when it cannot be, UTC: the form then says so next to every time.
import { useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import type { AuthorProfile } from '../../lib/profile.ts';

export function useAuthorTimeZone(): string {
  const [zone, setZone] = useState('UTC');
  useEffect(() => {
    apiRequest<{ profile: AuthorProfile }>('/api/author/get')
      .then(({ profile }) => setZone(profile.time_zone))
      .catch(() => {});
  }, []);
  return zone;
}
