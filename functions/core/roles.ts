// Who may do what (ARCHITECTURE, security baseline): authors and admins manage content; a mod
// only moderates. Roles compare case-insensitively.
import type { StaffRole } from '../../db/types.ts';

export const CONTENT_ROLES: readonly StaffRole[] = ['admin', 'author'];

export function isContentRole(role: string): boolean {
  return (CONTENT_ROLES as readonly string[]).includes(role.toLowerCase());
}
