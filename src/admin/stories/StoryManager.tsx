// Stories & Chapters (/admin/stories, /admin/stories/{id}): the grid of story cards, the story
// form, and the chapters of the story selected in the address.
import './stories.css';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { Story } from '../../lib/stories.ts';
import { useConfirm } from '../Modal.tsx';
import { failureText, NoticeBanner, useNotice } from '../components.tsx';
import { storyApi } from './api.ts';
import { ChapterPanel } from './ChapterPanel.tsx';
import { StoryForm } from './StoryForm.tsx';

export function StoryManager() {
  const { storyId } = useParams<{ storyId?: string }>();
  const [, navigate] = useLocation();
  const [stories, setStories] = useState<Story[] | null>(null);
  const [editing, setEditing] = useState<Story | 'new' | null>(null);
  const [notice, showNotice] = useNotice();
  const { confirm, dialog } = useConfirm();

  const load = useCallback(async () => {
    try {
      setStories(await storyApi.list());
    } catch (error) {
      setStories([]);
      showNotice({ kind: 'error', text: failureText(error, 'Failed to load stories') });
    }
  }, [showNotice]);

  useEffect(() => void load(), [load]);

  const selected = stories?.find((story) => String(story.id) === storyId) ?? null;

  async function remove(story: Story) {
    const warning = `Delete "${story.title}"? All its chapters (${story.chapter_count}) will be deleted too. This cannot be undone.`;
    if (!(await confirm(warning))) return;
    try {
      await storyApi.delete(story.id);
      showNotice({ kind: 'success', text: 'Story deleted successfully!' });
      if (selected?.id === story.id) navigate('/stories');
      await load();
    } catch (error) {
      showNotice({ kind: 'error', text: failureText(error, 'Failed to delete story') });
    }
  }

  return (
    <>
      <div className="page-header">
        <h1>Stories &amp; Chapters</h1>
        <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
          New Story
        </button>
      </div>
      <NoticeBanner notice={notice} />
      {stories === null ? (
        <p role="status">Loading stories...</p>
      ) : stories.length === 0 ? (
        <p className="muted">No stories yet. Start one with “New Story”.</p>
      ) : (
        <ul className="story-grid">
          {stories.map((story) => (
            <li key={story.id} className={`card story-card${story.id === selected?.id ? ' is-selected' : ''}`}>
              <img className="story-card-cover" src={story.cover} alt="" loading="lazy" />
              <div className="story-card-body">
                <h2>
                  <Link href={`/stories/${story.id}`} aria-current={story.id === selected?.id ? 'true' : undefined}>
                    {story.title}
                  </Link>
                </h2>
                <p className="muted story-card-slug">{story.slug}</p>
                {story.description && <p className="story-card-description">{story.description}</p>}
                <p className="story-card-meta">
                  <span className={`badge badge-${story.status}`}>{story.status}</span>
                  <span>{story.chapter_count === 1 ? '1 chapter' : `${story.chapter_count} chapters`}</span>
                </p>
                <div className="row-actions">
                  <button type="button" className="button button-ghost" onClick={() => setEditing(story)} aria-label={`Edit ${story.title}`}>
                    Edit
                  </button>
                  <button type="button" className="button button-danger" onClick={() => void remove(story)} aria-label={`Delete ${story.title}`}>
                    Delete
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {selected ? (
        <ChapterPanel story={selected} onChaptersChanged={() => void load()} />
      ) : (
        stories && stories.length > 0 && <p className="muted">Select a story to see its chapters.</p>
      )}
      {editing && (
        <StoryForm
          story={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(story, created) => {
            setEditing(null);
            showNotice({ kind: 'success', text: created ? 'Story created successfully!' : 'Story updated successfully!' });
            void load();
            if (created) navigate(`/stories/${story.id}`);
          }}
        />
      )}
      {dialog}
    </>
  );
}
