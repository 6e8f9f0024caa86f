// One uploaded file in the Upload Manager's grid: thumbnail (or a placeholder when it cannot be
// shown), name, size, date, where the site uses it, 'View' and 'Delete'.
import { ImageOff } from '#lib/icons.tsx';
import { useState } from 'react';
import type { UploadFile } from '#lib/upload-kinds.ts';

const KB = 1024;
const MB = 1024 * KB;

/** "512 B", "12.3 KB", "4.5 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / KB).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function UploadFileCard({ file, onDelete }: { file: UploadFile; onDelete(file: UploadFile): void }) {
  const [broken, setBroken] = useState(false);
  const modified = new Date(file.modified * 1000);
  return (
    <li className="card upload-card">
      <div className="upload-thumb">
        {broken ? (
          <span className="upload-thumb-missing">
            <ImageOff aria-hidden="true" size={28} />
            No preview
          </span>
        ) : (
          <img src={file.url} alt="" loading="lazy" decoding="async" onError={() => setBroken(true)} />
        )}
      </div>
      <p className="upload-name" title={file.filename}>
        {file.filename}
      </p>
      <p className="upload-meta muted">
        {formatBytes(file.size)} · <time dateTime={modified.toISOString()}>{dateFormat.format(modified)}</time>
      </p>
      <UsedBy uses={file.used_by ?? []} />
      <div className="row-actions">
        <a className="button button-ghost" href={file.url} target="_blank" rel="noopener">
          View<span className="visually-hidden"> {file.filename}</span>
        </a>
        <button type="button" className="button button-danger" onClick={() => onDelete(file)}>
          Delete<span className="visually-hidden"> {file.filename}</span>
        </button>
      </div>
    </li>
  );
}

/** Shown on the card itself; the rest are named when a delete is refused. */
const SHOWN_USES = 3;

function UsedBy({ uses }: { uses: string[] }) {
  if (uses.length === 0) return <p className="upload-usage muted">Not used on the site</p>;
  const hidden = uses.length - SHOWN_USES;
  return (
    <div className="upload-usage">
      <p className="upload-usage-title">Used by</p>
      <ul>
        {uses.slice(0, SHOWN_USES).map((use) => (
          <li key={use}>{use}</li>
        ))}
        {hidden > 0 && <li className="muted">and {hidden} more</li>}
      </ul>
    </div>
  );
}
