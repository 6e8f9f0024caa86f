// Who may do what (docs/product.md, Who uses it): authors and admins manage content;
// a mod only moderates (comments, bans, moderation stats, quick stats); only an admin reads the
// analytics. Roles compare case-insensitively. functions/roles.test.ts checks every route.
import type { StaffRole } from '#db/types.ts';

export const CONTENT_ROLES: readonly StaffRole[] = ['admin', 'author'];
export const MODERATION_ROLES: readonly StaffRole[] = ['admin', 'author', 'mod'];
export const ANALYTICS_ROLES: readonly StaffRole[] = ['admin'];
/** Export and import move the whole site, accounts aside: admins only. */
export const ARCHIVE_ROLES: readonly StaffRole[] = ['admin'];

export function isContentRole(role: string): boolean {
  return (CONTENT_ROLES as readonly string[]).includes(role.toLowerCase());
}
