// Copies a prompt: the button says 'Copied' for a second; clipboard failures are
// ignored (the text stays on screen to select by hand).
import { useEffect, useState } from 'react';

/** How long 'Copied' shows (docs/product.md, Forms and messages). */
export const COPIED_MS = 1000;

export default function GalleryCopyButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Ignored by design: the text stays on screen.
    }
  }

  return (
    <button
      type="button"
      className="btn btn-small copy-button"
      data-track={`copy_${what.replace(/\W+/g, '_')}`}
      onClick={() => void copy()}
    >
      <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
      <span className="visually-hidden"> {what}</span>
    </button>
  );
}
