// 'Import CSV': the addresses the author already has, for every story or one story. Each added
// address gets a confirmation email and receives nothing else until it is confirmed; the
// result names what was added, what was there already and each line that is not an address.
import { type FormEvent, useState } from 'react';
import { SUBSCRIBER_IMPORT_MAX_CHARACTERS } from '#lib/limits.ts';
import { Field, FormActions, NoticeBanner } from '../components.tsx';
import { failureText } from '../data/failure.ts';
import { Modal } from '../Modal.tsx';
import { useStories } from '../stories/queries.ts';
import type { ImportResult } from './api.ts';
import { EVERY_STORY } from './display.ts';
import { CountTiles, TableHead } from './parts.tsx';
import { useImportSubscribers } from './queries.ts';

/** The server reads at most SUBSCRIBER_IMPORT_MAX_CHARACTERS: a bigger file is refused before it is sent. */
const TOO_BIG = 'That file is larger than 1 MB: split it and import the parts one after the other.';

export function ImportDialog({ onClose }: { onClose(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [scope, setScope] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const stories = useStories();
  const importing = useImportSubscribers();
  const followable = (stories.data ?? []).filter((story) => story.status === 'published');

  async function submit(event: FormEvent) {
    event.preventDefault();
    importing.reset();
    const csv = file ? await file.text() : '';
    const refused = !file ? 'Choose a CSV file first.' : csv.length > SUBSCRIBER_IMPORT_MAX_CHARACTERS ? TOO_BIG : null;
    setProblem(refused);
    if (!refused) importing.mutate({ csv, storySlug: scope || null });
  }

  const error = problem ?? (importing.error && failureText(importing.error, 'The addresses could not be imported.'));
  return (
    <Modal title="Import subscribers" onClose={onClose}>
      {importing.data ? (
        <ImportSummary result={importing.data} onClose={onClose} />
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <NoticeBanner notice={error ? { kind: 'error', text: error } : null} />
          <p>
            One address per line, or a column named <code>email</code>. Each new address gets an email with a link to confirm; nothing else
            is sent to it until it is confirmed.
          </p>
          <Field label="CSV file" hint="At most 1 MB.">
            {(control) => (
              <input
                {...control}
                type="file"
                accept=".csv,text/csv,text/plain"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            )}
          </Field>
          <Field label="They follow">
            {(control) => (
              <select {...control} value={scope} onChange={(event) => setScope(event.target.value)}>
                <option value="">{EVERY_STORY}</option>
                {followable.map((story) => (
                  <option key={story.slug} value={story.slug}>
                    {story.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <FormActions onCancel={onClose} busy={importing.isPending} label="Import" busyLabel="Importing…" />
        </form>
      )}
    </Modal>
  );
}

function ImportSummary({ result, onClose }: { result: ImportResult; onClose(): void }) {
  return (
    <div className="import-summary">
      <p role="status">{result.message}</p>
      <CountTiles
        tiles={[
          ['Added', result.added],
          ['Already there', result.already],
        ]}
      />
      {result.invalid.length > 0 && (
        <table className="subscribers-table import-invalid">
          <caption>Lines not imported</caption>
          <TableHead columns={['Line', 'Value', 'Why']} />
          <tbody>
            {result.invalid.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td className="subscriber-email">{row.value}</td>
                <td>{row.error}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
