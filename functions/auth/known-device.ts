// A 'known device' cookie: set when someone signs in to an account, it lets that browser keep
// trying the account's password when strangers' failures have blocked the account for everyone
// else (OWASP's "device cookies" against lock-out attacks). It is a signed token naming the
// account and a random device id; a device's own wrong guesses are throttled under that id.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import { type AppEnv, nowOf } from '#core/env.ts';
import { credentialCookieName, isHttps } from './session.ts';

export const KNOWN_DEVICE_COOKIE = 'known_device';
const DEVICE_SECONDS = 180 * 24 * 60 * 60;
const ISSUER = 'author-site';
// Not the session's audience, so neither token can stand in for the other.
const AUDIENCE = 'author-site:known-device';

const accountName = (username: string) => username.toLowerCase();

export async function signDeviceToken(secret: Uint8Array, username: string, deviceId: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(accountName(username))
    .setJti(deviceId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + DEVICE_SECONDS)
    .sign(secret);
}

/** The id of this browser when it signed in to `username` before, else null. */
export async function knownDeviceId(c: Context<AppEnv>, username: string): Promise<string | null> {
  const token = getCookie(c, credentialCookieName(c, KNOWN_DEVICE_COOKIE));
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, c.var.deps.sessionSecret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      subject: accountName(username),
      requiredClaims: ['exp', 'iat', 'jti'],
      maxTokenAge: DEVICE_SECONDS,
      currentDate: nowOf(c.var.deps),
    });
    return payload.jti ?? null;
  } catch {
    return null;
  }
}

/** Marks this browser as known to `username` (again, for another 180 days), keeping its id. */
export async function rememberDevice(c: Context<AppEnv>, username: string, deviceId: string | null): Promise<void> {
  const token = await signDeviceToken(c.var.deps.sessionSecret, username, deviceId ?? crypto.randomUUID(), nowOf(c.var.deps));
  // Strict: only our own pages ever need it, and only to sign in.
  setCookie(c, credentialCookieName(c, KNOWN_DEVICE_COOKIE), token, {
    httpOnly: true,
    secure: isHttps(c),
    sameSite: 'Strict',
    path: '/',
    maxAge: DEVICE_SECONDS,
  });
}
