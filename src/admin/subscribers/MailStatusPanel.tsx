// Email: whether sending is on (the From address and the rate), what waits in the queue, the
// last sends, the failures with the mail server's answer and their Retry buttons, and the test
// email. With email off it says how to turn it on (docs/product.md, The Subscribers screen).
import { MAIL_OFF_ADMIN } from '#functions/subscriptions/messages.ts';
import { useState } from 'react';
import { NoticeBanner, useNotice } from '../components.tsx';
import { namedFailure } from '../data/failure.ts';
import { OutboxTable } from './OutboxTable.tsx';
import { useMailStatus, useRetryMail } from './queries.ts';
import { TestEmailForm } from './TestEmailForm.tsx';

/** The last sends shown before 'Show all'. */
const FIRST_SENDS = 10;

export function MailStatusPanel() {
  const status = useMailStatus();
  const retry = useRetryMail();
  const [notice, showNotice] = useNotice(10_000);
  const [allSends, setAllSends] = useState(false);

  function retryFailed(id?: number) {
    retry.mutate(id, {
      onSuccess: (answer) => showNotice({ kind: 'success', text: answer.message }),
      onError: (error) => showNotice({ kind: 'error', text: namedFailure(error, 'Failed to retry') }),
    });
  }

  const data = status.data;
  const failures = data?.recent.filter((row) => row.state === 'failed') ?? [];
  const sends = data?.recent ?? [];
  return (
    <section className="mail-status" aria-labelledby="mail-status-title" aria-busy={status.isFetching}>
      <h2 id="mail-status-title">Email</h2>
      {status.isPending && <p role="status">Loading the email status…</p>}
      {status.error && (
        <p className="notice notice-error" role="alert">
          {namedFailure(status.error, 'Failed to load the email status')}
        </p>
      )}
      {data && !data.mail_enabled && <p className="notice notice-info">{MAIL_OFF_ADMIN}</p>}
      {data?.mail_enabled && (
        <>
          <dl className="mail-facts">
            <div>
              <dt>Sending</dt>
              <dd>On</dd>
            </div>
            <div className="mail-from">
              <dt>From</dt>
              <dd className="subscriber-email">{data.from}</dd>
            </div>
            <div>
              <dt>Rate</dt>
              <dd>{data.rate_per_minute} per minute</dd>
            </div>
            <div>
              <dt>Queued</dt>
              <dd>{data.queued}</dd>
            </div>
            <div>
              <dt>Failed</dt>
              <dd>{data.failed}</dd>
            </div>
          </dl>
          <NoticeBanner notice={notice} />

          <h3>Failures</h3>
          {data.failed === 0 ? (
            <p className="muted">No failed emails.</p>
          ) : (
            <>
              <OutboxTable rows={failures} caption="Failed emails" busy={retry.isPending} onRetry={retryFailed} />
              <button type="button" className="button button-ghost" disabled={retry.isPending} onClick={() => retryFailed()}>
                Retry all failed ({data.failed})
              </button>
            </>
          )}

          <h3>Last sends</h3>
          {sends.length === 0 ? (
            <p className="muted">Nothing sent yet.</p>
          ) : (
            <>
              <OutboxTable rows={allSends ? sends : sends.slice(0, FIRST_SENDS)} caption="Last emails, newest first" />
              {sends.length > FIRST_SENDS && !allSends && (
                <button type="button" className="button button-ghost" onClick={() => setAllSends(true)}>
                  Show all {sends.length}
                </button>
              )}
            </>
          )}

          <h3>Test</h3>
          <TestEmailForm />
        </>
      )}
    </section>
  );
}
