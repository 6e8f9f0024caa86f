// The admin's sections: the dashboard's cards, the breadcrumb labels and the routes (AdminApp.tsx)
// come from this one list. Each section names the roles the API lets use it, so a role is shown
// only what it can do (docs/decisions/0034-roles-decide-what-the-admin-shows.md).
import { STAFF_ROLES, type StaffRole } from '#db/types.ts';
import { ANALYTICS_ROLES, ARCHIVE_ROLES, CONTENT_ROLES, MODERATION_ROLES } from '#core/roles.ts';

export interface AdminSection {
  path: string;
  /** The route's optional id segment (`/galleries/:galleryId?`), for sections that open one item. */
  param?: string;
  /** Pages inside the section, below its path, for the same roles (a chapter's editor in its story). */
  pages?: readonly string[];
  label: string;
  description: string;
  /** The roles that may use the section: those the API lets make its calls. */
  roles: readonly StaffRole[];
}

export const ADMIN_SECTIONS = [
  {
    path: '/author',
    label: 'Author Profile',
    description: 'Name, bio, tagline, portrait and the landing page backgrounds.',
    roles: CONTENT_ROLES,
  },
  {
    path: '/galleries',
    param: 'galleryId',
    label: 'Image Galleries',
    description: 'Galleries of AI art: upload images, see the prompts and models read from each file.',
    roles: CONTENT_ROLES,
  },
  {
    path: '/stories',
    param: 'storyId',
    pages: ['/:storyId/chapters/:chapterId'],
    label: 'Stories & Chapters',
    description: 'Write and publish your serials: stories, chapters, bulk Markdown upload.',
    roles: CONTENT_ROLES,
  },
  {
    path: '/uploads',
    label: 'Upload Manager',
    description: 'Covers, page breaks and other uploaded images: upload, view and delete.',
    roles: CONTENT_ROLES,
  },
  {
    path: '/moderation',
    label: 'Moderation',
    description: 'Approve, reject or delete comments; ban and unban IP addresses.',
    roles: MODERATION_ROLES,
  },
  {
    path: '/subscribers',
    label: 'Subscribers',
    description: 'Readers who follow your stories by email: counts, the list, CSV import and export, the email status.',
    roles: CONTENT_ROLES,
  },
  { path: '/socials', label: 'Social Media', description: 'Links to your website and social accounts.', roles: CONTENT_ROLES },
  { path: '/password', label: 'Change Password', description: 'Change the password of your account.', roles: STAFF_ROLES },
  {
    path: '/analytics',
    label: 'Analytics',
    description: 'Who reads, how far, and where readers drop off: views, visitors, reading depth and retention.',
    roles: ANALYTICS_ROLES,
  },
  {
    path: '/archive',
    label: 'Export & Import',
    description: 'Download everything you own as one archive, or restore the site from one.',
    roles: ARCHIVE_ROLES,
  },
] as const satisfies readonly AdminSection[];

export type SectionPath = (typeof ADMIN_SECTIONS)[number]['path'];

type WithPages = Extract<(typeof ADMIN_SECTIONS)[number], { pages: readonly string[] }>;
/** A page's full route, such as `/stories/:storyId/chapters/:chapterId`. */
export type SectionPagePath = `${WithPages['path']}${WithPages['pages'][number]}`;

/** Every section's pages, with their full routes. */
export function sectionPages(): { section: AdminSection; path: SectionPagePath }[] {
  return ADMIN_SECTIONS.flatMap((section) =>
    'pages' in section ? section.pages.map((page) => ({ section, path: `${section.path}${page}` as const })) : [],
  );
}

export function sectionFor(path: string): AdminSection | undefined {
  return ADMIN_SECTIONS.find((section) => path === section.path || path.startsWith(`${section.path}/`));
}

/** Whether `role` may use `section` (roles compare case-insensitively). */
export function mayUse(section: AdminSection, role: string): boolean {
  return (section.roles as readonly string[]).includes(role.toLowerCase());
}

/** Whether a user with `role` may open the admin path; the dashboard (no section) is everyone's. */
export function mayOpen(path: string, role: string): boolean {
  const section = sectionFor(path);
  return !section || mayUse(section, role);
}

/** The sections a user with `role` sees on the dashboard. */
export function sectionsFor(role: string): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => mayUse(section, role));
}
