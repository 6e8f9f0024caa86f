// Title and slug of a story, chapter or gallery: while creating, the slug follows the title (by
// the story slug rule unless told otherwise) until the person edits the slug; when editing it
// never changes by itself.
import { useState } from 'react';
import { STORY_LIMITS } from '#lib/limits.ts';
import { SLUG_MAX_LENGTH, storySlug } from '#lib/slugs.ts';
import { TextField } from '../components.tsx';

interface TitleSlugFieldsProps {
  title: string;
  slug: string;
  creating: boolean;
  slugHint?: string;
  /** Two slug rules: stories and chapters (the default), galleries (src/lib/slugs.ts). */
  slugify?: (title: string) => string;
  /** The title's limit (src/lib/limits.ts); a story's by default. */
  titleMaxLength?: number;
  /** The server's word on a field after a refused save, by field name. */
  errors?: Readonly<Record<string, string>>;
  onChange(fields: { title: string; slug: string }): void;
}

export function TitleSlugFields({
  title,
  slug,
  creating,
  slugHint,
  slugify = storySlug,
  titleMaxLength = STORY_LIMITS.title,
  errors = {},
  onChange,
}: TitleSlugFieldsProps) {
  const [slugEdited, setSlugEdited] = useState(!creating);
  return (
    <div className="form-row">
      <TextField
        label="Title"
        required
        maxLength={titleMaxLength}
        error={errors['title']}
        value={title}
        onChange={(next) => onChange({ title: next, slug: slugEdited ? slug : slugify(next) })}
      />
      <TextField
        label="Slug"
        required
        maxLength={SLUG_MAX_LENGTH}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        error={errors['slug']}
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
