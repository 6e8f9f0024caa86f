// Comments on anything visitors comment on (a chapter, a gallery image):
// the approved comments, and a form with an optional name, the text with its 'n/1000 characters'
// counter and a hidden 'website' field that people leave empty (bots fill it). New comments wait
// for the author's approval. The caller says how to load and post; pass stable functions.
// Offline, it says so instead of failing (docs/product.md, Installing the site and reading offline).
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { isOffline, OFFLINE_MESSAGE } from '#lib/api-client.ts';
import { COMMENT_AUTHOR_MAX_LENGTH, COMMENT_TEXT_MAX_LENGTH, DEFAULT_COMMENT_AUTHOR } from '#lib/limits.ts';

export interface CommentView {
  id: number;
  author_name: string;
  text: string;
  created_at: string;
}

export interface CommentInput {
  author_name: string;
  content: string;
  website: string;
}

interface Props {
  load: () => Promise<CommentView[]>;
  /** Posts the comment; resolves to the server's message, if it sent one. */
  post: (comment: CommentInput) => Promise<string | undefined>;
  /** The message shown when posting failed, worded per kind of content. */
  failureMessage: (error: unknown) => string;
  headingLevel?: 2 | 3;
}

/** A message containing 'successfully' is a success (green); any other an error (red). */
const isSuccess = (message: string) => message.includes('successfully');

export default function CommentThread({ load, post, failureMessage, headingLevel = 2 }: Props) {
  const [comments, setComments] = useState<CommentView[] | null>(null);
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [trap, setTrap] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const ids = useId();
  const Heading = `h${headingLevel}` as const;

  const reload = useCallback(async () => {
    try {
      setComments(await load());
      setOffline(false);
    } catch (error) {
      if (isOffline(error)) return setOffline(true);
      console.warn('Loading comments failed', error); // only logged (docs/product.md, Forms and messages)
      setComments([]);
    }
  }, [load]);

  useEffect(() => {
    void reload();
    const retry = () => void reload();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [reload]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return; // blank text is not sent
    setSubmitting(true);
    setMessage(null);
    try {
      const answer = await post({ author_name: name.trim(), content: text.trim(), website: trap });
      setMessage(answer || 'Comment submitted successfully');
      setText('');
      await reload();
    } catch (error) {
      setMessage(isOffline(error) ? OFFLINE_MESSAGE : failureMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="comments" aria-labelledby={`${ids}-title`}>
      <Heading id={`${ids}-title`}>Comments{comments && comments.length > 0 ? ` (${comments.length})` : ''}</Heading>
      {offline && !comments && <p className="muted">{OFFLINE_MESSAGE}: the comments show when you are back online.</p>}
      {comments?.length === 0 && <p className="muted">No comments yet. Be the first to comment!</p>}
      {comments && comments.length > 0 && (
        <ol className="comment-list">
          {comments.map((comment) => (
            <li key={comment.id}>
              <p className="comment-meta">
                <strong>{comment.author_name || DEFAULT_COMMENT_AUTHOR}</strong>{' '}
                <time className="muted" dateTime={comment.created_at}>
                  {new Date(comment.created_at).toLocaleString()}
                </time>
              </p>
              <p className="comment-text">{comment.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="comment-form" onSubmit={(event) => void submit(event)}>
        <label className="comment-field">
          <span>Name (optional)</span>
          <input
            value={name}
            maxLength={COMMENT_AUTHOR_MAX_LENGTH}
            autoComplete="nickname"
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <label className="comment-field">
          <span>Comment</span>
          <textarea
            rows={4}
            value={text}
            maxLength={COMMENT_TEXT_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${ids}-count`}
          />
        </label>
        <p id={`${ids}-count`} className="muted comment-count">
          {text.length}/{COMMENT_TEXT_MAX_LENGTH} characters
        </p>
        {/* The trap: hidden from people and assistive technology, found by form-filling bots. */}
        <div className="comment-trap" aria-hidden="true">
          <label>
            Website
            <input name="website" tabIndex={-1} autoComplete="off" value={trap} onChange={(event) => setTrap(event.target.value)} />
          </label>
        </div>
        {message && (
          <p className={`comment-message ${isSuccess(message) ? 'is-success' : 'is-error'}`} role={isSuccess(message) ? 'status' : 'alert'}>
            {message}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={submitting || !text.trim()}>
          {submitting ? 'Submitting...' : 'Submit Comment'}
        </button>
      </form>
    </section>
  );
}
