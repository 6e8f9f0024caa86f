// The admin's sections, one list: each gives its dashboard card, breadcrumb label, navigation
// entry, route and the roles that may use it. A new screen is added here.
import { ANALYTICS_ROLES, ARCHIVE_ROLES } from '../../functions/core/roles.ts';

export interface AdminSection {
  path: string;
  label: string;
  description: string;
  /** Only these roles see the section (the API refuses the others); every staff role when left out. */
  roles?: readonly string[];
}

export const ADMIN_SECTIONS: AdminSection[] = [
  { path: '/author', label: 'Author Profile', description: 'Name, bio, tagline, portrait and the landing page backgrounds.' },
  { path: '/galleries', label: 'Image Galleries', description: 'Galleries of AI art: upload images, see the prompts and models read from each file.' },
  { path: '/stories', label: 'Stories & Chapters', description: 'Write and publish your serials: stories, chapters, bulk Markdown upload.' },
  { path: '/uploads', label: 'Upload Manager', description: 'Covers, page breaks and other uploaded images: upload, view and delete.' },
  { path: '/moderation', label: 'Moderation', description: 'Approve, reject or delete comments; ban and unban IP addresses.' },
  { path: '/socials', label: 'Social Media', description: 'Links to your website and social accounts.' },
  { path: '/password', label: 'Change Password', description: 'Change the password of your account.' },
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
];

export function sectionFor(path: string): AdminSection | undefined {
  return ADMIN_SECTIONS.find((section) => path === section.path || path.startsWith(`${section.path}/`));
}

/** Whether a user with `role` may open the admin path (roles compare case-insensitively). */
export function mayOpen(path: string, role: string): boolean {
  const roles = sectionFor(path)?.roles;
  return !roles || roles.includes(role.toLowerCase());
}

/** The sections a user with `role` sees on the dashboard. */
export function sectionsFor(role: string): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => mayOpen(section.path, role));
}
