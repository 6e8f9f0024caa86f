import { Hono } from 'hono';
import { AppError, fieldError } from '#core/errors.ts';
import { type AppEnv, nowOf } from '#core/env.ts';
import { jsonBody } from '#core/validate.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password.ts';
import { changePasswordSchema, loginSchema } from './schema.ts';
import { currentSession, currentUser, endSession, requireRole, startSession } from './session.ts';
import { userStore } from './store.ts';
import { rememberDevice } from './known-device.ts';
import { loginGuard } from './login-guard.ts';
import { PAIR_POLICY, passwordChangeKey, throttleStore } from './throttle.ts';

const WRONG_CREDENTIALS = 'Invalid username or password.';

function throttled(seconds: number): AppError {
  return new AppError(429, `Too many failed attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, {
    'Retry-After': String(seconds),
  });
}

export const authRoutes = new Hono<AppEnv>()
  .get('/me', async (c) => {
    const user = await currentUser(c);
    if (!user) throw new AppError(401, 'Not signed in.');
    return c.json({ success: true, user });
  })

  .post('/login', jsonBody(loginSchema), async (c) => {
    const { db } = c.var.deps;
    const { username, password } = c.req.valid('json');
    const guard = await loginGuard(c, username);
    const wait = await throttleStore.secondsBlocked(db, guard.keys);
    if (wait > 0) throw throttled(wait);

    const user = await userStore.findByUsername(db, username);
    const valid = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstDecoy(password);
    if (!user || !valid) {
      await guard.recordFailure();
      throw new AppError(401, WRONG_CREDENTIALS);
    }
    await guard.recordSuccess();
    await rememberDevice(c, user.username, guard.deviceId);
    await startSession(c, { userId: user.id, version: user.session_version });
    return c.json({ success: true, user: { id: user.id, username: user.username, role: user.role } });
  })

  // Signing out this device refuses its token server-side too, so a copied cookie stops working
  // (decision 0034); a token from before tokens had ids can only be refused with all the user's.
  .post('/logout', async (c) => {
    const session = await currentSession(c);
    const { db } = c.var.deps;
    if (session?.token.tokenId) await userStore.revokeSession(db, session.token.tokenId, session.token.expiresAt, nowOf(c.var.deps));
    else if (session) await userStore.bumpSessionVersion(db, session.user.id);
    endSession(c);
    return c.json({ success: true });
  })

  // Every device: every token issued to the user so far stops working.
  .post('/logout-everywhere', requireRole(), async (c) => {
    await userStore.bumpSessionVersion(c.var.deps.db, c.var.user.id);
    endSession(c);
    return c.json({ success: true });
  })

  .post('/change-password', requireRole(), jsonBody(changePasswordSchema), async (c) => {
    const { db } = c.var.deps;
    const { currentPassword, newPassword } = c.req.valid('json');
    // Only this user's own wrong guesses count here: a session holder is never held by login blocks.
    const key = passwordChangeKey(c.var.user.id);
    const wait = await throttleStore.secondsBlocked(db, [key]);
    if (wait > 0) throw throttled(wait);

    const user = await userStore.findById(db, c.var.user.id);
    if (!user || !(await verifyPassword(currentPassword, user.password_hash))) {
      await throttleStore.recordFailure(db, key, PAIR_POLICY);
      throw fieldError(400, 'currentPassword', 'Current password is incorrect.');
    }
    await throttleStore.clear(db, key);
    if (currentPassword === newPassword) throw fieldError(400, 'newPassword', 'The new password must differ from the current one.');
    const version = await userStore.changePassword(db, user.id, await hashPassword(newPassword));
    // Every other session is now revoked; this one continues with a fresh token.
    await startSession(c, { userId: user.id, version });
    return c.json({ success: true });
  });
