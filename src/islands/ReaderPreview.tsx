// Preview as a reader (docs/product.md, The writing desk): the chapter of `?chapter={id}`, published
// or not, loaded from the API behind the session and shown exactly as its public page shows it
// (src/lib/chapter-body.ts, the story's page-break image, the reader's settings). Its autosaved
// working copy wins when it is newer than the chapter. Nothing of it is ever built into the site.
import { useEffect, useState } from 'react';
import { ApiError, apiRequest } from '#lib/api-client.ts';
import { chapterBodyHtml } from '#lib/chapter-body.ts';
import { readingMinutes, wordCount } from '#lib/chapter-text.ts';
import { chapterEditorPath, previewChapterId } from '#lib/reader-urls.ts';
import { type Chapter, DEFAULT_PAGE_BREAK, type Story } from '#lib/stories.ts';

interface Autosave {
  title: string;
  content: string;
  saved_at: string;
}

interface Loaded {
  chapter: Chapter;
  breakImage: string;
  /** When the text shown is the working copy, the time it was saved. */
  workingCopyAt: string | null;
}

type State = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'failed'; message: string } | { kind: 'ready'; preview: Loaded };

/** The chapter with its working copy when that is newer, and its story's page break. */
async function loadPreview(id: number): Promise<Loaded> {
  const { chapter } = await apiRequest<{ chapter: Chapter }>(`/api/chapters/get?id=${id}`);
  const [{ autosave }, { stories }] = await Promise.all([
    apiRequest<{ autosave: Autosave | null }>(`/api/chapters/autosave?chapter_id=${id}`),
    apiRequest<{ stories: Story[] }>('/api/stories/list'),
  ]);
  const newer = autosave !== null && Date.parse(autosave.saved_at) > Date.parse(chapter.updated_at);
  return {
    chapter: newer ? { ...chapter, title: autosave.title, content: autosave.content } : chapter,
    breakImage: stories.find((story) => story.id === chapter.story_id)?.breakImage ?? DEFAULT_PAGE_BREAK,
    workingCopyAt: newer ? autosave.saved_at : null,
  };
}

export default function ReaderPreview() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const id = previewChapterId(location.search);
    if (id === null) {
      setState({ kind: 'failed', message: 'This address names no chapter to preview.' });
      return;
    }
    loadPreview(id).then(
      (preview) => setState({ kind: 'ready', preview }),
      (error: unknown) =>
        setState(
          error instanceof ApiError && error.status === 401
            ? { kind: 'signed-out' }
            : { kind: 'failed', message: error instanceof Error ? error.message : 'The chapter could not be loaded.' },
        ),
    );
  }, []);

  if (state.kind === 'loading') return <p role="status">Loading the preview…</p>;
  if (state.kind === 'signed-out')
    return (
      <p className="preview-notice">
        Previews are for the author. <a href="/admin/">Sign in</a>, then open the preview again.
      </p>
    );
  if (state.kind === 'failed') return <p className="preview-notice">{state.message}</p>;
  return <PreviewBody {...state.preview} />;
}

function PreviewBody({ chapter, breakImage, workingCopyAt }: Loaded) {
  const words = wordCount(chapter.content);
  useEffect(() => {
    document.title = `Preview: ${chapter.title}`;
  }, [chapter.title]);
  return (
    <article className="chapter">
      {(chapter.status !== 'published' || workingCopyAt) && (
        <p className="preview-banner" role="note">
          <strong>Preview — readers do not see this yet.</strong>
          {workingCopyAt && ` This is the working copy autosaved ${new Date(workingCopyAt).toLocaleString()}.`}{' '}
          <a href={chapterEditorPath(chapter.story_id, chapter.id)}>Back to the editor</a>
        </p>
      )}
      <header className="chapter-header">
        <p className="muted chapter-kicker">Chapter {chapter.chapter_number}</p>
        <h1>{chapter.title}</h1>
        <p className="muted chapter-facts">
          {words.toLocaleString('en-US')} words · about {readingMinutes(words)} min read
        </p>
      </header>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: every Markdown part passes the sanitiser of src/lib/markdown.ts, as on the public pages */}
      <div className="chapter-body" dangerouslySetInnerHTML={{ __html: chapterBodyHtml(chapter, breakImage) }} />
    </article>
  );
}
