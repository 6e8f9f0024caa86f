// Serves the published static site: files as built, /admin/* falls back to the admin app's
// page (it routes in the browser), and any other unknown path redirects to the landing page.
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/**
 * The header policy for pages. Astro adds a <meta> policy with hashes of its inline scripts
 * and styles; a browser enforces both, so scripts and styles end up limited to those hashes
 * and this site's own files. Directives a <meta> cannot carry (frame-ancestors) live here.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function withPageHeaders(response: Response, requestPath: string): Response {
  const headers = response.headers;
  headers.set('Content-Security-Policy', PAGE_CSP);
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  // Astro puts a content hash in every asset name under /_astro/, so those never change.
  const immutable = requestPath.startsWith('/_astro/');
  headers.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
  return response;
}

export function staticSite(currentRoot: () => string | null): MiddlewareHandler {
  const servers = new Map<string, MiddlewareHandler>();
  const serverFor = (root: string, rewrite?: string) => {
    const key = `${root}|${rewrite ?? ''}`;
    let handler = servers.get(key);
    if (!handler) {
      handler = serveStatic({ root, ...(rewrite ? { rewriteRequestPath: () => rewrite } : {}) });
      servers.set(key, handler);
    }
    return handler;
  };

  /** The file's response, or null when the folder has no such file. */
  const tryServe = async (c: Context, handler: MiddlewareHandler): Promise<Response | null> => {
    let missing = false;
    const response = await handler(c, async () => {
      missing = true;
    });
    return missing || !response ? null : withPageHeaders(response, c.req.path);
  };

  return async (c) => {
    const root = currentRoot();
    if (!root) return c.text('The site is being built. Try again in a few seconds.', 503, { 'Retry-After': '5' });
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('Method not allowed', 405);

    const file = await tryServe(c, serverFor(root));
    if (file) return file;
    if (/^\/admin(\/|$)/.test(c.req.path)) {
      const adminApp = await tryServe(c, serverFor(root, '/admin/index.html'));
      if (adminApp) return adminApp;
    }
    return c.redirect('/', 302);
  };
}
