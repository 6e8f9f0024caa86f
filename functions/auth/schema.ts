// The API's input rules for signing in and passwords: every request is checked here first.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#lib/limits.ts';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, `${label} is too long (at most ${max} characters)`);

export const loginSchema = z.strictObject({
  username: required('Username', 64),
  password: required('Password', PASSWORD_MAX_LENGTH),
});

/** What the sign-in form sends. */
export type LoginInput = z.input<typeof loginSchema>;

export const changePasswordSchema = z.strictObject({
  currentPassword: required('Current password', PASSWORD_MAX_LENGTH),
  newPassword: z
    .string({ error: 'New password is required' })
    .min(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
    .max(PASSWORD_MAX_LENGTH, `New password must be at most ${PASSWORD_MAX_LENGTH} characters long`),
});
/** What the Change Password form sends. */
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
