// The full-page chapter editor (docs/product.md, The writing desk): the chapter's fields, the
// Markdown editor and the live preview, an explicit save that names the version it started from,
// and on a conflict both versions side by side. Leaving with unsaved changes asks first.
import { type FormEvent, type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '#lib/api-client.ts';
import type { Chapter, Story } from '#lib/stories.ts';
import { useConfirm } from '../Modal.tsx';
import { type Notice, NoticeBanner, useNotice } from '../components.tsx';
import { failureText, fieldErrors } from '../data/failure.ts';
import { storyApi } from '../stories/api.ts';
import { ChapterFields } from '../stories/ChapterFields.tsx';
import { type ChapterDraft, chapterInput } from '../stories/chapter-draft.ts';
import { useWriteChapter } from '../stories/queries.ts';
import { draftWithFile } from './chapter-file.ts';
import { type Conflict, ConflictView } from './ConflictView.tsx';
import { DeskPanes } from './DeskPanes.tsx';
import { DeskToolbar } from './DeskToolbar.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { AutosaveOpened, AutosaveStatus, DeviceOffer } from './KeeperNotices.tsx';
import type { Opening } from './opening.ts';
import { useChapterDraft } from './useChapterDraft.ts';
import { useLeaveGuard } from './useLeaveGuard.ts';
import { useWorkingCopy } from './useWorkingCopy.ts';

interface ChapterEditorProps {
  story: Story;
  /** The chapter as loaded (null for a new one) and the draft to start from. */
  start: { chapter: Chapter | null; draft: ChapterDraft; opening: Opening | null };
  timeZone: string;
  /** A new chapter got its id: the page moves to its address. */
  onCreated(id: number): void;
}

export function ChapterEditor({ story, start, timeZone, onCreated }: ChapterEditorProps) {
  const desk = useChapterDraft(start, timeZone);
  const save = useWriteChapter(story.id);
  const [conflict, setConflict] = useState<(Conflict & { merging: boolean }) | null>(null);
  /** The author's version after taking the other one, to bring back. */
  const [mineBack, setMineBack] = useState<ChapterDraft | null>(null);
  const [notice, showNotice] = useNotice();
  const { confirm, dialog } = useConfirm();
  const form = useRef<HTMLFormElement>(null);
  const current = useRef(desk.draft);
  current.current = desk.draft;
  const headingId = useId();
  useLeaveGuard(desk.dirty, confirm);
  // Never losing a word (docs/product.md): the text on this device and autosaved to the server.
  const text = useMemo(() => ({ title: desk.title, content: desk.content }), [desk.title, desk.content]);
  const keeper = useWorkingCopy({ chapterId: desk.chapterId, storyId: story.id, text, baseUpdatedAt: desk.updatedAt });
  const [fromAutosave, setFromAutosave] = useState(start.opening?.fromAutosave ?? null);
  const [deviceOffer, setDeviceOffer] = useState(start.opening?.deviceOffer ?? null);
  const [history, setHistory] = useState(false);

  /** Saves the draft as it is now; `expected` is the version it replaces (the one loaded or last saved, unless told). */
  function send(expected = desk.updatedAt) {
    const sent = desk.draft;
    const id = desk.chapterId;
    const target = id === null ? { storyId: story.id } : { id, ...(expected ? { expected_updated_at: expected } : {}) };
    showNotice(null);
    save.mutate(
      { input: chapterInput(sent, timeZone), target },
      {
        onSuccess: ({ chapter, message }) => {
          desk.saved(chapter, sent);
          keeper.savedByHand({ title: sent.title, content: sent.content }, chapter);
          setConflict(null);
          showNotice({ kind: message ? 'info' : 'success', text: message ?? `Saved at ${new Date().toLocaleTimeString()}` });
          if (id === null) onCreated(chapter.id);
        },
        onError: async (error) => {
          if (!(error instanceof ApiError && error.status === 409 && id !== null)) return;
          try {
            setConflict({ mine: current.current, theirs: await storyApi.chapterById(id), merging: false });
          } catch (loadError) {
            showNotice({ kind: 'error', text: failureText(loadError, 'The chapter was changed elsewhere, and could not be loaded') });
          }
        },
      },
    );
  }

  function takeTheirs({ mine, theirs }: Conflict) {
    desk.adopt(theirs);
    setConflict(null);
    setMineBack(mine);
    showNotice({ kind: 'info', text: 'You now have the other version. Yours is kept until you leave this page.' });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setMineBack(null);
    send();
  }

  // Mod-S saves, as in every editor the author knows.
  function keyDown(event: KeyboardEvent) {
    if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 's') {
      event.preventDefault();
      form.current?.requestSubmit();
    }
  }

  const errors = fieldErrors(save.error);
  const failure: Notice | null =
    save.isError && !conflict && !(save.error instanceof ApiError && save.error.status === 409)
      ? { kind: 'error', text: failureText(save.error, 'Failed to save chapter') }
      : null;
  const creating = desk.chapterId === null;
  const chapterId = desk.chapterId;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Mod-S anywhere on the page, not a control of its own
    <div className="desk" onKeyDown={keyDown}>
      <form ref={form} className="desk-form" onSubmit={submit} aria-labelledby={headingId}>
        <DeskToolbar
          headingId={headingId}
          story={story}
          chapterId={desk.chapterId}
          title={desk.title}
          dirty={desk.dirty}
          busy={save.isPending}
          autosave={<AutosaveStatus state={keeper.state} zone={timeZone} deviceOnly={keeper.deviceOnly} onSignIn={keeper.signIn} />}
          tools={
            chapterId !== null && (
              <button type="button" className="button button-ghost" aria-expanded={history} onClick={() => setHistory(!history)}>
                History
              </button>
            )
          }
          onFile={(file) =>
            void draftWithFile(current.current, file, creating).then(desk.setDraft, (error: Error) =>
              showNotice({ kind: 'error', text: error.message }),
            )
          }
        />
        <NoticeBanner notice={notice ?? failure}>
          {mineBack && notice?.kind === 'info' && (
            <button
              type="button"
              className="button button-ghost"
              onClick={() => {
                desk.setDraft(mineBack);
                setMineBack(null);
                showNotice(null);
              }}
            >
              Bring my version back
            </button>
          )}
        </NoticeBanner>
        {fromAutosave && start.chapter && (
          <AutosaveOpened
            autosave={fromAutosave}
            zone={timeZone}
            onBack={() => {
              if (start.chapter) desk.onRestore({ title: start.chapter.title, content: start.chapter.content });
              setFromAutosave(null);
            }}
          />
        )}
        {deviceOffer && (
          <DeviceOffer
            copy={deviceOffer}
            zone={timeZone}
            what={creating ? 'new chapter' : 'chapter'}
            confirm={confirm}
            onUse={(kept) => {
              desk.onRestore(kept);
              setDeviceOffer(null);
            }}
            onDiscard={async () => {
              // The offer stays until the store has let go of the copy: a reload would abort the deletion.
              await keeper.device.clear(creating ? { storyId: story.id } : { chapterId: chapterId ?? 0 });
              setDeviceOffer(null);
            }}
          />
        )}
        {history && chapterId !== null && (
          <HistoryPanel
            storyId={story.id}
            chapterId={chapterId}
            current={text}
            zone={timeZone}
            dirty={desk.dirty}
            onClose={() => setHistory(false)}
            onRestored={(chapter) => {
              desk.adopt(chapter);
              keeper.replacedBy(chapter);
              showNotice({ kind: 'success', text: 'Revision restored: the chapter is that text now.' });
            }}
          />
        )}
        <div className="desk-layout">
          <div className="desk-fields">
            {/* Keyed: once saved, the slug no longer follows the title (the chapter has its address). */}
            <ChapterFields
              key={creating ? 'new' : 'saved'}
              draft={desk.draft}
              onChange={desk.setDraft}
              timeZone={timeZone}
              errors={errors}
              creating={creating}
            />
            <p>
              <Link href={`/stories/${story.id}`}>Back to the chapters of {story.title}</Link>
            </p>
          </div>
          {conflict && !conflict.merging ? (
            <ConflictView
              conflict={conflict}
              busy={save.isPending}
              onKeepMine={() => send(conflict.theirs.updated_at)}
              onTakeTheirs={() => takeTheirs(conflict)}
              onMerge={() => {
                desk.rebase(conflict.theirs.updated_at);
                setConflict({ ...conflict, merging: true });
              }}
            />
          ) : (
            <DeskPanes
              content={desk.content}
              onContent={desk.setContent}
              contentError={errors['content']}
              pageBreakImage={story.breakImage}
              theirs={conflict?.merging ? conflict : null}
            />
          )}
        </div>
      </form>
      {dialog}
    </div>
  );
}
