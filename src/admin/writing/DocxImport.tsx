// "Import .docx" in the editor's toolbar (docs/product.md, "Importing and pasting"): a Word
// document becomes one new chapter, or one per Heading 1, beside the chapter being edited.
// No <form> here: the toolbar already sits in the chapter's form.
import { useState } from 'react';
import { Link } from 'wouter';
import { apiRequest } from '#lib/api-client.ts';
import { Modal } from '../Modal.tsx';
import { failureText, NoticeBanner } from '../components.tsx';
import { queryKeys } from '../data/keys.ts';
import { useSave } from '../data/useSave.ts';
import type { BulkUploadResult } from '../stories/api.ts';
import { FileButton } from './FileButton.tsx';
import { countOf } from '#lib/counts.ts';

const DOCX_ACCEPT = '.docx,.docm,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function importDocx({ storyId, file, split }: { storyId: number; file: File; split: boolean }) {
  const form = new FormData();
  form.append('story_id', String(storyId));
  form.append('split', split ? 'heading1' : 'none');
  form.append('file', file);
  return apiRequest<BulkUploadResult>('/api/chapters/import-docx', { form });
}

export function DocxImport({ storyId }: { storyId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [split, setSplit] = useState(true);
  const save = useSave({ mutationFn: importDocx, invalidates: [queryKeys.storyChapters(storyId)] });
  const close = () => {
    setFile(null);
    save.reset();
  };
  const result = save.data;

  return (
    <>
      <FileButton label="Import .docx" accept={DOCX_ACCEPT} onFile={setFile} />
      {file && (
        <Modal title={`Import “${file.name}”`} onClose={close}>
          <NoticeBanner notice={save.error ? { kind: 'error', text: failureText(save.error, 'Failed to import the document') } : null} />
          {result ? (
            <div className="stack" role="status">
              <p>
                {countOf(result.uploaded_count, 'chapter', 'chapters')} imported as drafts
                {result.chapters.length > 0 && ': '}
                {result.chapters.map((chapter) => `${chapter.chapter_number}. ${chapter.title}`).join(', ')}
              </p>
              {result.errors.length > 0 && (
                <ul>
                  {result.errors.map((error) => (
                    <li key={error}>{error}</li>
                  ))}
                </ul>
              )}
              <p>
                <Link href={`/stories/${storyId}`}>See the story’s chapters</Link>
              </p>
            </div>
          ) : (
            <label className="chip-check">
              <input type="checkbox" checked={split} onChange={(event) => setSplit(event.target.checked)} />
              <span>Split at chapter headings (one chapter per Heading 1)</span>
            </label>
          )}
          <div className="form-actions">
            <button type="button" className="button button-ghost" onClick={close}>
              {result ? 'Done' : 'Cancel'}
            </button>
            {!result && (
              <button
                type="button"
                className="button button-primary"
                disabled={save.isPending}
                onClick={() => save.mutate({ storyId, file, split })}
              >
                {save.isPending ? 'Importing…' : 'Import'}
              </button>
            )}
          </div>
        </Modal>
      )}
    </>
  );
}
