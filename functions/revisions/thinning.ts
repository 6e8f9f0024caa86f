// Which autosave revisions of a chapter to let go (docs/product.md, Autosave, conflicts and
// revisions): the newest 50 stay, and the newest of each day (UTC) stays however old it is.

export const AUTOSAVE_REVISIONS_KEPT = 50;

export interface AutosaveRevision {
  id: number;
  created_at: Date;
}

/** The ids to delete among one chapter's autosave revisions (any order given). */
export function autosaveRevisionsToDrop(revisions: readonly AutosaveRevision[]): number[] {
  const newestFirst = [...revisions].sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id);
  const daysSeen = new Set<string>();
  const drop: number[] = [];
  newestFirst.forEach((revision, index) => {
    const day = revision.created_at.toISOString().slice(0, 10);
    const newestOfDay = !daysSeen.has(day);
    daysSeen.add(day);
    if (index >= AUTOSAVE_REVISIONS_KEPT && !newestOfDay) drop.push(revision.id);
  });
  return drop;
}
