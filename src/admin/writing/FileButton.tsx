// A button that opens the file chooser (a label for a hidden file input), for the editor's toolbar.
import { useId } from 'react';

export function FileButton({ label, accept, onFile }: { label: string; accept: string; onFile(file: File): void }) {
  const id = useId();
  return (
    <>
      <label className="button button-ghost desk-file" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={accept}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = ''; // the same file again is a new choice
        }}
      />
    </>
  );
}
