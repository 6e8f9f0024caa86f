// What the runtime entry (Node server, Cloudflare function, tests) hands the app. Everything
// runtime-specific arrives through here, so feature folders import no driver, no `node:` module.
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database, StaffRole } from '#db/types.ts';
import type { ImageProcessor } from './images.ts';
import type { MailDeps } from './mail.ts';
import type { RebuildTrigger } from './rebuild.ts';
import type { SpoolBody } from './spool.ts';
import type { Storage } from './storage.ts';

export interface AppDeps {
  db: Kysely<Database>;
  /** Key that signs session tokens (HS256); at least 32 bytes. */
  sessionSecret: Uint8Array;
  /** The caller's address, as the runtime knows it (socket, or a trusted proxy's header). */
  clientIp(c: Context): string;
  /** Told whenever public content changed, so the static site gets rebuilt. */
  rebuild: RebuildTrigger;
  /**
   * Multiplies every per-address limit (functions/core/rate-limit.ts); 1 when unset. For a
   * community behind one shared address, and for browser tests, which all come from loopback.
   */
  rateLimitScale?: number;
  /** Where uploads live. */
  storage: Storage;
  /** Decodes uploaded gallery images and renders their thumbnails. */
  images: ImageProcessor;
  /**
   * The site's public origin (from SITE_URL), when configured: then only pages of this origin
   * may send state-changing form requests (CSRF), whatever the Host header says. Without it
   * (a local site), the origin the request was addressed to counts.
   */
  siteOrigin?: string;
  /**
   * Mark cookies Secure even when the request reached the app over http (the site is served over
   * https by a proxy in front). Requests that arrive over https always get Secure cookies.
   */
  secureCookies?: boolean;
  /** The current time (release times are compared with it); tests pass a controllable clock. */
  now?: () => Date;
  /**
   * Told when a chapter's release time was set or cleared, so the Node server re-arms its
   * release timer. The serverless deployment has none: a cron trigger runs the releases.
   */
  releasesChanged?: () => void;
  /** The largest import request (an archive) accepted, in bytes; functions/archive/routes.ts has the default. */
  archiveMaxBytes?: number;
  /** Where an archive sent for import waits while it is read: a temporary file in Node; memory when unset (spool.ts). */
  spoolBody?: SpoolBody;
  /** Sending email (SMTP_URL); unset, nobody can follow by email and nothing is sent. */
  mail?: MailDeps;
}

/** The app's idea of the current time. */
export function nowOf(deps: Pick<AppDeps, 'now'>): Date {
  return deps.now?.() ?? new Date();
}

export interface SessionUser {
  id: number;
  username: string;
  role: StaffRole;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    user: SessionUser;
  };
}
