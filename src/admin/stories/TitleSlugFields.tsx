// Title and slug of a story, chapter or gallery (docs/product.md, Content and its rules): while creating, the slug follows
// the title (by the story slug rule unless told otherwise) until the person edits the slug; when
// editing it never changes by itself.
import { useState } from 'react';
import { SLUG_MAX_LENGTH, storySlug } from '../../lib/slugs.ts';
import { TextField } from '../components.tsx';

interface TitleSlugFieldsProps {
  title: string;
  slug: string;
  creating: boolean;
  slugHint?: string;
  /** src/lib/slugs.ts has two slug rules: stories and chapters (the default), galleries. */
  slugify?: (title: string) => string;
  onChange(fields: { title: string; slug: string }): void;
}

export function TitleSlugFields({ title, slug, creating, slugHint, slugify = storySlug, onChange }: TitleSlugFieldsProps) {
  const [slugEdited, setSlugEdited] = useState(!creating);
  return (
    <div className="form-row">
      <TextField label="Title" required maxLength={200} value={title} onChange={(next) => onChange({ title: next, slug: slugEdited ? slug : slugify(next) })} />
      <TextField
        label="Slug"
        required
        maxLength={SLUG_MAX_LENGTH}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        {...(slugHint ? { hint: slugHint } : {})}
        value={slug}
        onChange={(next) => {
          setSlugEdited(true);
          onChange({ title, slug: next });
        }}
      />
    </div>
  );
}
