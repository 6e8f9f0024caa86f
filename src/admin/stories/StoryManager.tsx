// Stories & Chapters (/admin/stories, /admin/stories/{id}): the grid of story cards, the story
// form, and the chapters of the story selected in the address.
import './stories.css';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { Story } from '#lib/stories.ts';
import { useConfirm } from '../Modal.tsx';
import { NoticeBanner, useNotice } from '../components.tsx';
import { failureText } from '../data/failure.ts';
import { ChapterPanel } from './ChapterPanel.tsx';
import { useDeleteStory, useStories } from './queries.ts';
import { StoryForm } from './StoryForm.tsx';
import { countOf } from '#lib/counts.ts';

export function StoryManager() {
  const { storyId } = useParams<{ storyId?: string }>();
  const [, navigate] = useLocation();
  const { data: stories, error: loadError } = useStories();
  const deleteStory = useDeleteStory();
  const [editing, setEditing] = useState<Story | 'new' | null>(null);
  const [notice, showNotice] = useNotice();
  const { confirm, dialog } = useConfirm();

  const selected = stories?.find((story) => String(story.id) === storyId) ?? null;

  async function remove(story: Story) {
    const warning = `Delete "${story.title}"? All its chapters (${story.chapter_count}) will be deleted too. This cannot be undone.`;
    if (!(await confirm(warning))) return;
    deleteStory.mutate(story.id, {
      onSuccess: () => {
        showNotice({ kind: 'success', text: 'Story deleted successfully!' });
        if (selected?.id === story.id) navigate('/stories');
      },
      onError: (error) => showNotice({ kind: 'error', text: failureText(error, 'Failed to delete story') }),
    });
  }

  return (
    <>
      <div className="page-header">
        <h1>Stories &amp; Chapters</h1>
        <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
          New Story
        </button>
      </div>
      <NoticeBanner notice={notice ?? (loadError && { kind: 'error', text: failureText(loadError, 'Failed to load stories') })} />
      {loadError ? null : !stories ? (
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
                  <span>{countOf(story.chapter_count, 'chapter', 'chapters')}</span>
                </p>
                <div className="row-actions">
                  <button
                    type="button"
                    className="button button-ghost"
                    onClick={() => setEditing(story)}
                    aria-label={`Edit ${story.title}`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button-danger"
                    onClick={() => void remove(story)}
                    aria-label={`Delete ${story.title}`}
                  >
                    Delete
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {selected ? (
        <ChapterPanel key={selected.id} story={selected} />
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
            if (created) navigate(`/stories/${story.id}`);
          }}
        />
      )}
      {dialog}
    </>
  );
}
