// Search metadata of stories and chapters (docs/product.md, Search and sharing): genres default to Science Fiction and Web
// Serial; the extra keywords web serial, online novel and illustrated story are always added.
import type { Story } from './stories.ts';

export const DEFAULT_GENRES = ['Science Fiction', 'Web Serial'];
export const EXTRA_KEYWORDS = ['web serial', 'online novel', 'illustrated story'];

export function storyGenres(story: Pick<Story, 'genres'>): string[] {
  return story.genres.length > 0 ? [...story.genres] : DEFAULT_GENRES;
}

const commaList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** The story's own keywords, its genres, then the extra ones; each once. */
export function storyKeywords(story: Pick<Story, 'genres' | 'primary_keywords' | 'longtail_keywords'>): string[] {
  const all = [...commaList(story.primary_keywords), ...commaList(story.longtail_keywords), ...storyGenres(story), ...EXTRA_KEYWORDS];
  const seen = new Set<string>();
  return all.filter((keyword) => {
    const key = keyword.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
