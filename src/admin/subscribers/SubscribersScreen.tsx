// Subscribers (/admin/subscribers): the author's own list. Followers by story, the searchable
// list with 'Remove', CSV export and import, and the email status (docs/product.md, The
// Subscribers screen). The list works whether email is on or off.
import './subscribers.css';
import { useState } from 'react';
import { useConfirm } from '../Modal.tsx';
import { NoticeBanner, useNotice } from '../components.tsx';
import { namedFailure } from '../data/failure.ts';
import { EXPORT_URL, NO_FILTERS, type Subscriber, type SubscriberFilters } from './api.ts';
import { titlesBySlug } from './display.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { MailStatusPanel } from './MailStatusPanel.tsx';
import { useRemoveSubscriber, useSubscribers } from './queries.ts';
import { SubscriberCounts } from './SubscriberCounts.tsx';
import { SubscriberFilterBar } from './SubscriberFilterBar.tsx';
import { SubscriberList } from './SubscriberList.tsx';

export const NO_FOLLOWERS =
  'No one follows yet. Readers follow from the Follow by email forms of your pages; you can also import the addresses you already have.';

export function SubscribersScreen() {
  const [filters, setFilters] = useState<SubscriberFilters>(NO_FILTERS);
  const [importing, setImporting] = useState(false);
  const [notice, showNotice] = useNotice();
  const { confirm, dialog } = useConfirm();
  const listing = useSubscribers(filters);
  const remove = useRemoveSubscriber();

  async function removeSubscriber(subscriber: Subscriber) {
    const question = `Remove ${subscriber.email}? The address is deleted and gets no more emails.`;
    if (!(await confirm(question, 'Remove'))) return;
    remove.mutate(subscriber.id, {
      onSuccess: (answer) => showNotice({ kind: 'success', text: answer.message }),
      onError: (error) => showNotice({ kind: 'error', text: namedFailure(error, 'Failed to remove the subscriber') }),
    });
  }

  const data = listing.data;
  const titles = titlesBySlug(data?.counts ?? []);
  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <div className="page-header">
        <h1>Subscribers</h1>
        <div className="panel-actions">
          <a className="button button-ghost" href={EXPORT_URL} download="subscribers.csv">
            Export CSV
          </a>
          <button type="button" className="button button-primary" onClick={() => setImporting(true)}>
            Import CSV
          </button>
        </div>
      </div>
      <NoticeBanner notice={notice} />
      {listing.isPending && <p role="status">Loading subscribers…</p>}
      {listing.error && (
        <p className="notice notice-error" role="alert">
          {namedFailure(listing.error, 'Failed to load subscribers')}
        </p>
      )}

      <div className="subscribers-layout">
        {data && (
          <div className="subscribers-main">
            <SubscriberCounts counts={data.counts} />
            <section aria-labelledby="subscriber-list-title" aria-busy={listing.isFetching}>
              <h2 id="subscriber-list-title">Addresses</h2>
              {data.total === 0 && !filtered ? (
                <p className="muted">{NO_FOLLOWERS}</p>
              ) : (
                <>
                  <SubscriberFilterBar filters={filters} stories={[...titles]} onChange={setFilters} />
                  {data.total === 0 && <p className="muted">No subscriber matches.</p>}
                  {data.total > data.subscribers.length && (
                    <p className="muted">
                      Showing the newest {data.subscribers.length} of {data.total}.
                    </p>
                  )}
                  {data.subscribers.length > 0 && (
                    <SubscriberList
                      subscribers={data.subscribers}
                      titles={titles}
                      busyId={remove.isPending ? remove.variables : null}
                      onRemove={(subscriber) => void removeSubscriber(subscriber)}
                    />
                  )}
                </>
              )}
            </section>
          </div>
        )}
        <MailStatusPanel />
      </div>

      {importing && <ImportDialog onClose={() => setImporting(false)} />}
      {dialog}
    </>
  );
}
