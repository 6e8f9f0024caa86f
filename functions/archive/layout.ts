// Where each thing lives in the archive (docs/archive-format.md), one way to write a path and one
// to read it back.

export const archivePaths = {
  table: (table: string) => `data/${table}.json`,
  /** "stories/the-lantern-fleet/0003-the-gate.md"; the folder is for people, the front matter names the story. */
  chapter: (storySlug: string, number: number, slug: string) => `stories/${storySlug}/${String(number).padStart(4, '0')}-${slug}.md`,
  upload: (key: string) => `uploads/${key}`,
};

export type ArchivePath = { kind: 'table'; table: string } | { kind: 'chapter' } | { kind: 'upload'; key: string } | { kind: 'unknown' };

export function classifyPath(path: string): ArchivePath {
  const table = /^data\/([a-z_]+)\.json$/.exec(path);
  if (table) return { kind: 'table', table: table[1]! };
  if (/^stories\/[^/]+\/[^/]+\.md$/.test(path)) return { kind: 'chapter' };
  if (path.startsWith('uploads/')) return { kind: 'upload', key: path.slice('uploads/'.length) };
  return { kind: 'unknown' };
}
