// The admin's query keys, in one place: a save invalidates the keys of what it changed, and a
// key names everything its answer depends on (a story's chapters carry the story's id, so the
// answer for another story can never show under it).
export const queryKeys = {
  publishState: ['publish-state'],
  authorProfile: ['author-profile'],
  /** Everything about stories (the list and every story's chapters) starts with this. */
  allStories: ['stories'],
  stories: ['stories', 'list'],
  /** Every chapter query of one story starts with this. */
  storyChapters: (storyId: number) => ['stories', storyId, 'chapters'],
  chapter: (storyId: number, chapterNumber: number) => ['stories', storyId, 'chapters', chapterNumber],
  chapterById: (storyId: number, id: number) => ['stories', storyId, 'chapters', 'id', id],
  /** A chapter's autosaved working copy and revisions, by chapter id (the writing desk). */
  chapterAutosave: (chapterId: number) => ['chapter-autosave', chapterId],
  chapterRevisions: (chapterId: number) => ['chapter-revisions', chapterId],
  chapterRevision: (revisionId: number) => ['chapter-revision', revisionId],
  pageBreaks: ['page-breaks'],
  socials: ['socials'],
  quickStats: ['quick-stats'],
  uploads: ['uploads'],
  /** Every gallery query (the list, each gallery's image pages) starts with this. */
  galleries: ['galleries'],
  /** The moderation screen's comments, bans and stats start with this. */
  moderation: ['moderation'],
  /** The Subscribers screen's list (with its counts) starts with this. */
  subscribers: ['subscribers'],
  /** The outbox as the Subscribers screen shows it: sending on or off, queued, last sends, failures. */
  mailStatus: ['mail-status'],
  /** Every analytics report starts with this. */
  analytics: ['analytics'],
} as const;
