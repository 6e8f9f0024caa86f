// Comments under a chapter (SPEC 2.4, 4 and 5): the approved comments, and a form with an
// optional name, the text with its 'n/1000 characters' counter and a hidden 'website' field
// that people leave empty (bots fill it). New comments wait for the author's approval.
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { ApiError, apiRequest, NetworkError } from '../lib/api-client.ts';
import { COMMENT_AUTHOR_MAX_LENGTH, COMMENT_TEXT_MAX_LENGTH, DEFAULT_COMMENT_AUTHOR } from '../lib/limits.ts';

interface Comment {
  id: number;
  author_name: string;
  comment_text: string;
  created_at: string;
}

export default function ChapterComments({ chapterId }: { chapterId: number }) {
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [trap, setTrap] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const ids = useId();

  const load = useCallback(async () => {
    try {
      setComments((await apiRequest<{ comments: Comment[] }>(`/api/chapters/comments/list?chapter_id=${chapterId}`)).comments);
    } catch (error) {
      console.warn('Loading comments failed', error); // SPEC 8: only logged
      setComments([]);
    }
  }, [chapterId]);

  useEffect(() => void load(), [load]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return; // SPEC 5: empty text is silently ignored
    setSubmitting(true);
    setMessage(null);
    try {
      const answer = await apiRequest<{ message?: string }>('/api/chapters/comments/create', {
        json: { chapter_id: chapterId, author_name: name.trim(), content: text.trim(), website: trap },
      });
      setMessage(answer.message || 'Comment submitted successfully');
      setText('');
      await load();
    } catch (error) {
      setMessage(
        error instanceof NetworkError
          ? 'Failed to submit comment. Please try again.'
          : error instanceof ApiError
            ? error.message
            : 'Failed to submit comment',
      );
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="comments" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Comments{comments && comments.length > 0 ? ` (${comments.length})` : ''}</h2>
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
              <p className="comment-text">{comment.comment_text}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="comment-form" onSubmit={(event) => void submit(event)}>
        <label className="comment-field">
          <span>Name (optional)</span>
          <input value={name} maxLength={COMMENT_AUTHOR_MAX_LENGTH} autoComplete="nickname" onChange={(event) => setName(event.target.value)} />
        </label>
        <label className="comment-field">
          <span>Comment</span>
          <textarea rows={4} value={text} maxLength={COMMENT_TEXT_MAX_LENGTH} onChange={(event) => setText(event.target.value)} aria-describedby={`${ids}-count`} />
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
          <p className={`comment-message ${message.includes('successfully') ? 'is-success' : 'is-error'}`} role={message.includes('successfully') ? 'status' : 'alert'}>
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
