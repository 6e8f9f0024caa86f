// The one API. Runtime-neutral: it uses Web standards only and gets everything runtime-specific
// (database, storage, client address, rebuild) from the entry that creates it.
import { Hono } from 'hono';
import { analyticsAdminRoutes } from './analytics/admin-routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { archiveRoutes } from './archive/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { autosaveRoutes } from './chapters/autosaves/routes.ts';
import type { AppDeps, AppEnv } from './core/env.ts';
import { handleError } from './core/errors.ts';
import { apiHeaders, csrfGuard, jsonBodyLimit } from './core/guards.ts';
import { chapterRoutes } from './chapters/routes.ts';
import { chapterCommentRoutes, imageCommentRoutes } from './comments/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { galleryRoutes } from './galleries/routes.ts';
import { galleryImageRoutes } from './images/routes.ts';
import { chapterLikeRoutes, imageLikeRoutes } from './likes/routes.ts';
import { moderationRoutes } from './moderation/routes.ts';
import { releaseRoutes } from './releases/routes.ts';
import { revisionRoutes } from './chapters/revisions/routes.ts';
import { authorRoutes, socialRoutes } from './site/routes.ts';
import { storyRoutes } from './stories/routes.ts';
import { subscriberAdminRoutes } from './subscriptions/admin-routes.ts';
import { subscribeRoutes, unsubscribeRoutes } from './subscriptions/routes.ts';
import { imageUploadRoutes, uploadFileRoutes } from './uploads/routes.ts';

/**
 * Every route answers at its path and at the same path ending in `.php`, so the original PHP
 * front end can talk to this back end unchanged (`/api/auth/me` and `/api/auth/me.php`).
 */
export function routePath(request: Request): string {
  const { pathname } = new URL(request.url);
  return pathname.endsWith('.php') ? pathname.slice(0, -'.php'.length) : pathname;
}

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>({ getPath: routePath }).basePath('/api');

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', apiHeaders, jsonBodyLimit, csrfGuard); // banned addresses: on the visitor write routes

  app.route('/auth', authRoutes);
  app.route('/author', authorRoutes);
  app.route('/socials', socialRoutes);
  app.route('/admin', dashboardRoutes);
  app.route('/admin', moderationRoutes); // Hono serves several sub-apps on one base path
  app.route('/admin/analytics', analyticsAdminRoutes);
  app.route('/admin', archiveRoutes); // export and import
  app.route('/galleries', galleryRoutes);
  app.route('/images', imageUploadRoutes);
  app.route('/images', galleryImageRoutes); // Hono serves several sub-apps on one base path
  app.route('/images', imageLikeRoutes);
  app.route('/images', imageCommentRoutes);
  app.route('/uploads', uploadFileRoutes);
  app.route('/stories', storyRoutes);
  app.route('/stories', releaseRoutes); // Hono serves several sub-apps on one base path
  app.route('/chapters', chapterRoutes);
  app.route('/chapters', chapterLikeRoutes); // Hono serves several sub-apps on one base path
  app.route('/chapters', autosaveRoutes);
  app.route('/chapters', revisionRoutes);
  app.route('/chapters/comments', chapterCommentRoutes);
  app.route('/analytics', analyticsRoutes);
  app.route('/subscribe', subscribeRoutes);
  app.route('/unsubscribe', unsubscribeRoutes);
  app.route('/admin/subscribers', subscriberAdminRoutes);

  app.notFound((c) => c.json({ success: false, error: 'No such API route.' }, 404));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
