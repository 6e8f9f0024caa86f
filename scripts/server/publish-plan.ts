// Decides what a publish must make (docs/decisions/0051-incremental-publishing.md). Every output
// of a publish (a page, a story's book, a part of the search index) has a fingerprint: a hash of
// exactly what it is made from. A page's is the props its template gets (src/lib/page-props.ts)
// plus the site-wide content; a book's is its story with its chapters' versions; a search part's
// is its key with its chapters' versions; a share picture's is a digest of its images' bytes. An output whose fingerprint is the previous
// publish's is kept (its files hard-linked into the new site); everything else is made again. A
// page of a kind not listed here has no fingerprint and is rendered at every publish: a new kind of
// page is never left stale, only rendered more often than needed until it is listed.
import { createHash } from 'node:crypto';
import { chapterPages, movedPages, storyPages } from '#lib/page-props.ts';
import { chapterPath, storyFeedPath, storyPath } from '#lib/reader-urls.ts';
import { searchScope } from '#lib/search-scope.ts';
import type { ContentSnapshot, SnapshotStory } from '#lib/snapshot.ts';
import type { PagePath } from './render-protocol.ts';
import { searchParts as allSearchParts, type SearchPart } from './search-index.ts';
import type { SharePicture } from './share-images.ts';

export const MANIFEST_VERSION = 2;

/** What a published site was made from and which files each of its outputs wrote. */
export interface PublishManifest {
  version: number;
  /** The renderer's bundle and the server's publishing code: another code makes everything again. */
  code: string;
  /** The content every page shows (profile, links, ...): a change makes everything again. */
  siteWide: string;
  outputs: Record<string, { fingerprint: string; files: string[] }>;
  /** The files made at every publish, whatever changed (lists, sitemap, the search's listings). */
  global: string[];
  /** The bundle's scripts, styles and public files. With the outputs' and the global files: every file of the folder. */
  assets: string[];
}

/** Every file of the folder a manifest describes, relative to it. */
export const manifestFiles = (manifest: PublishManifest): string[] => [
  ...manifest.assets,
  ...manifest.global,
  ...Object.values(manifest.outputs).flatMap((output) => output.files),
];

export interface PublishPlan {
  siteWide: string;
  full: boolean;
  /** Why the publish is full, for the log; null when incremental. */
  fullBecause: string | null;
  /** Pages to render (paths without a trailing slash). */
  render: string[];
  /** Stories whose book is made again. */
  books: SnapshotStory[];
  /** Every part of the search index, and those written again (search-index.ts). */
  searchParts: SearchPart[];
  changedSearchParts: SearchPart[];
  /** Share pictures drawn again (share-images.ts). */
  changedShares: SharePicture[];
  /** Outputs kept from the previous publish, with their files. */
  kept: PublishManifest['outputs'];
  /** The fingerprint of every output of this publish (files are added as they are written). */
  fingerprints: Map<string, string>;
}

const hash = (...parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);

export const pageKey = (pathname: string) => `page:${pathname}`;
export const bookKey = (slug: string) => `book:${slug}`;
export const searchKey = (part: SearchPart) => `search:${part.dir}`;
export const shareKey = (picture: SharePicture) => `share:${picture.sitePath}`;

/**
 * What every page shows whatever its own content: the profile, the links, whether the site sends
 * email, whether there is a general and an adult search (the search button), and the year (the
 * feeds' copyright line).
 */
export function siteWideFingerprint(snapshot: ContentSnapshot, siteUrl: string): string {
  const scope = searchScope(snapshot.stories);
  return hash(
    siteUrl,
    snapshot.profile,
    snapshot.socials,
    snapshot.follow_by_email,
    scope.general.length > 0,
    scope.adult.length > 0,
    new Date(snapshot.generatedAt).getUTCFullYear(),
  );
}

/** The fingerprint of every page whose kind is known, by path; the site-wide fingerprint is in each. */
export function pageFingerprints(snapshot: ContentSnapshot, siteWide: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const story of snapshot.stories) {
    for (const { params, props } of chapterPages(story)) pages.set(chapterPath(params.slug, Number(params.number)), hash(siteWide, props));
    for (const { params, props } of movedPages(story)) pages.set(chapterPath(params.slug, Number(params.moved)), hash(siteWide, props));
    for (const { params, props } of storyPages(story)) {
      pages.set(storyPath(params.slug), hash(siteWide, props));
      pages.set(storyFeedPath(params.slug), hash(siteWide, props));
    }
  }
  return pages;
}

export interface PlanInput {
  snapshot: ContentSnapshot;
  siteUrl: string;
  code: string;
  /** Every page of this publish's content, as the render service lists them. */
  paths: readonly PagePath[];
  previous: PublishManifest | null;
  /** The share pictures of this publish's content. */
  shares: readonly SharePicture[];
  /** Make everything again whatever changed (PUBLISH_MODE=full). */
  forceFull?: boolean;
}

/** What decides whether a publish is full, all known before the pages are listed. */
type BasisInput = Pick<PlanInput, 'snapshot' | 'siteUrl' | 'code' | 'previous' | 'forceFull'>;

/**
 * The site-wide fingerprint, why the publish is full (null: incremental), and `keep`, which
 * records an output's fingerprint and tells whether the previous publish's output is kept.
 */
function planBasis({ snapshot, siteUrl, code, previous, forceFull = false }: BasisInput) {
  const siteWide = siteWideFingerprint(snapshot, siteUrl);
  const fullBecause = forceFull
    ? 'every publish is full (PUBLISH_MODE=full)'
    : !previous || previous.version !== MANIFEST_VERSION
      ? 'no earlier publish to build on'
      : previous.code !== code
        ? `the site’s code changed (${previous.code} → ${code})`
        : previous.siteWide !== siteWide
          ? 'content every page shows changed'
          : null;
  const fingerprints = new Map<string, string>();
  const kept: PublishManifest['outputs'] = {};
  const keep = (key: string, fingerprint: string | undefined): boolean => {
    if (fingerprint !== undefined) fingerprints.set(key, fingerprint);
    const before = fullBecause === null ? previous?.outputs[key] : undefined;
    if (fingerprint === undefined || before?.fingerprint !== fingerprint) return false;
    kept[key] = before;
    return true;
  };
  return { siteWide, fullBecause, fingerprints, kept, keep };
}

/**
 * Every part of the search index, and those written again. A part's key names its story and
 * chapters; their versions name the texts it indexes.
 */
function searchPlanOf(snapshot: ContentSnapshot, keep: (key: string, fingerprint: string) => boolean) {
  const searchParts = allSearchParts(snapshot.stories);
  const changedSearchParts = searchParts.filter(
    (part) =>
      !keep(
        searchKey(part),
        hash(
          part.key,
          part.chapters.map((chapter) => chapter.updated_at),
        ),
      ),
  );
  return { searchParts, changedSearchParts };
}

/**
 * The search parts a publish writes again, as its plan will name them, and whether the publish is
 * full: they need neither the pages' list nor the share pictures, so a publish can start writing
 * them first (they are the longest step of a one-chapter edit).
 */
export function searchPartsToWrite(input: BasisInput): { parts: SearchPart[]; full: boolean } {
  const { keep, fullBecause } = planBasis(input);
  return { parts: searchPlanOf(input.snapshot, keep).changedSearchParts, full: fullBecause !== null };
}

export function planPublish(input: PlanInput): PublishPlan {
  const { snapshot, paths, shares } = input;
  const { siteWide, fullBecause, fingerprints, kept, keep } = planBasis(input);
  const known = pageFingerprints(snapshot, siteWide);
  const render = paths.filter(({ pathname }) => !keep(pageKey(pathname), known.get(pathname))).map(({ pathname }) => pathname);
  const books = snapshot.stories.filter((story) => !keep(bookKey(story.slug), hash(siteWide, story)));
  const search = searchPlanOf(snapshot, keep);
  const changedShares = shares.filter((picture) => !keep(shareKey(picture), picture.fingerprint));
  return {
    siteWide,
    full: fullBecause !== null,
    fullBecause,
    render,
    books,
    ...search,
    changedShares,
    kept,
    fingerprints,
  };
}
