// The gallery page's search box: prompt, negative, LoRAs, checkpoint and title are
// searched by the API. Typing settles for a moment before a search starts.
import { useEffect, useId, useState } from 'react';
import { GALLERY_SEARCH_MAX_LENGTH } from '#lib/galleries.ts';

const SETTLE_MS = 300;

export default function GallerySearch({ onSearch }: { onSearch: (query: string) => void }) {
  const [text, setText] = useState('');
  const id = useId();

  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <div className="gallery-search">
      <label htmlFor={id} className="visually-hidden">
        Search images
      </label>
      <input
        id={id}
        type="search"
        placeholder="Search prompt / LoRA / checkpoint…"
        value={text}
        maxLength={GALLERY_SEARCH_MAX_LENGTH}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
