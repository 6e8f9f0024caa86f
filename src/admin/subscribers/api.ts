// The Subscribers screen's calls: the author's list (functions/subscriptions) and the email
// status of the outbox (functions/mail). Saves go through useSave (decision 0033).
import { apiRequest } from '#lib/api-client.ts';

export type SubscriberStatus = 'pending' | 'confirmed';

export interface Subscriber {
  id: number;
  email: string;
  /** null: follows every story. */
  story_slug: string | null;
  status: SubscriberStatus;
  created_at: string;
  confirmed_at: string | null;
}

/** Followers of one story, or of every story (story_slug null). */
export interface ScopeCount {
  story_slug: string | null;
  story_title: string | null;
  pending: number;
  confirmed: number;
}

export interface SubscriberListing {
  subscribers: Subscriber[];
  /** Every match; the list holds the newest 500 at most. */
  total: number;
  counts: ScopeCount[];
  mail_enabled: boolean;
}

/** '' is every subscriber; 'all' those who follow every story; else a story's slug. */
export interface SubscriberFilters {
  q: string;
  story: string;
  status: '' | SubscriberStatus;
}

export const NO_FILTERS: SubscriberFilters = { q: '', story: '', status: '' };

export interface ImportResult {
  added: number;
  already: number;
  invalid: { line: number; value: string; error: string }[];
  message: string;
}

export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed' | 'dropped';

export interface OutboxRow {
  id: number;
  kind: 'confirm' | 'release';
  email: string;
  story_title: string | null;
  chapter_number: number | null;
  chapter_title: string | null;
  state: OutboxState;
  attempts: number;
  sent_at: string | null;
  updated_at: string;
  last_error: string | null;
}

export interface MailStatus {
  mail_enabled: boolean;
  from: string | null;
  rate_per_minute: number | null;
  queued: number;
  failed: number;
  /** The last 50, newest first. */
  recent: OutboxRow[];
}

/** The list's address: only the filters that are set. */
export function listPath({ q, story, status }: SubscriberFilters): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (story) params.set('story_slug', story);
  if (status) params.set('status', status);
  const query = params.toString();
  return `/api/admin/subscribers${query ? `?${query}` : ''}`;
}

/** The download address; the browser fetches it itself (a plain link) and saves subscribers.csv. */
export const EXPORT_URL = '/api/admin/subscribers/export';

type Said = { message: string };

export const subscribersApi = {
  list: (filters: SubscriberFilters) => apiRequest<SubscriberListing>(listPath(filters)),
  remove: (id: number) => apiRequest<Said>(`/api/admin/subscribers/${id}`, { method: 'DELETE' }),
  import: (csv: string, storySlug: string | null) =>
    apiRequest<ImportResult>('/api/admin/subscribers/import', { json: { csv, story_slug: storySlug } }),
  mailStatus: () => apiRequest<MailStatus>('/api/admin/mail/status'),
  /** One failed row, or every failed row without `id`. */
  retry: (id?: number) => apiRequest<Said & { retried: number }>('/api/admin/mail/retry', { json: id === undefined ? {} : { id } }),
  testEmail: (email: string) => apiRequest<Said>('/api/admin/mail/test', { json: { email } }),
};
