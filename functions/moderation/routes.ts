// The Moderation Manager's calls, mounted on /admin beside the dashboard:
// admins, authors and mods list and judge comments and ban addresses. Comments are loaded live by
// the reader's islands, so no decision here rebuilds the site.
import { Hono, type MiddlewareHandler } from 'hono';
import { requireRole } from '#functions/auth/session.ts';
import type { AppEnv } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { MODERATION_ROLES } from '#core/roles.ts';
import { jsonBody, queryParams } from '#core/validate.ts';
import { banStore } from './ban-store.ts';
import { banBody, commentListQuery, type ModerationAction, moderateBody, unbanBody } from './schema.ts';
import { moderationStore } from './store.ts';

const moderators = requireRole(...MODERATION_ROLES);

export const COMMENT_NOT_FOUND = 'Comment not found.';
export const BAN_NOT_FOUND = 'No ban with this id.';

/**
 * Moderate and ban-ip answer errors as plain text (docs/product.md, Shapes kept for older clients), which the Moderation Manager shows as
 * it is. The app's error handler writes `{ success: false, error }`; this rewrites such an answer
 * (from any guard or validator after it, sign-in included) to the bare message.
 */
const plainTextErrors: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status < 400 || !c.res.headers.get('content-type')?.includes('json')) return;
  const { status, headers: jsonHeaders } = c.res;
  const { error } = (await c.res.json()) as { error?: unknown };
  const headers = new Headers(jsonHeaders);
  headers.set('content-type', 'text/plain; charset=UTF-8');
  headers.delete('content-length');
  c.res = undefined; // replace the answer rather than merge its headers into the new one
  c.res = new Response(String(error ?? 'Request refused.'), { status, headers });
};

const PAST_TENSE: Record<ModerationAction, 'approved' | 'rejected' | 'deleted'> = {
  approve: 'approved',
  reject: 'rejected',
  delete: 'deleted',
};

export const moderationRoutes = new Hono<AppEnv>()
  .get('/comments/list', moderators, queryParams(commentListQuery), async (c) => {
    const query = c.req.valid('query');
    const { comments, total } = await moderationStore.list(c.var.deps.db, query);
    return c.json({ success: true, comments, total, page: query.page, limit: query.limit });
  })

  .post('/comments/moderate', plainTextErrors, moderators, jsonBody(moderateBody), async (c) => {
    const { db } = c.var.deps;
    const { id, action } = c.req.valid('json');
    const found = await moderationStore.find(db, id);
    if (!found) throw new AppError(404, COMMENT_NOT_FOUND);
    // An approved comment cannot be approved again (nor a rejected one rejected).
    if (action !== 'delete' && found.status === PAST_TENSE[action]) {
      throw new AppError(409, `This comment is already ${PAST_TENSE[action]}.`);
    }
    const done =
      action === 'delete'
        ? await moderationStore.delete(db, found.table, id)
        : await moderationStore.setStatus(db, found.table, id, action === 'approve' ? 'approved' : 'rejected');
    // Lost a race with another moderator: deleted meanwhile, or set to this status meanwhile.
    if (!done) {
      const now = await moderationStore.find(db, id);
      if (!now) throw new AppError(404, COMMENT_NOT_FOUND);
      throw new AppError(409, `This comment is already ${PAST_TENSE[action]}.`);
    }
    return c.json({ success: true, id, status: PAST_TENSE[action] });
  })

  .post('/ban-ip', plainTextErrors, moderators, jsonBody(banBody), async (c) => {
    const { ip_address, reason } = c.req.valid('json');
    const ban = await banStore.add(c.var.deps.db, { ip_address, reason, banned_by: c.var.user.id });
    if (!ban) throw new AppError(409, `IP address '${ip_address}' is already banned.`);
    return c.json({ success: true, banned_ip: ban }, 201);
  })

  .post('/unban-ip', moderators, jsonBody(unbanBody), async (c) => {
    if (!(await banStore.remove(c.var.deps.db, c.req.valid('json').id))) throw new AppError(404, BAN_NOT_FOUND);
    return c.json({ success: true });
  })

  .get('/banned-ips/list', moderators, async (c) => c.json({ success: true, banned_ips: await banStore.list(c.var.deps.db) }))

  .get('/mod-stats', moderators, async (c) => {
    const { db } = c.var.deps;
    const stats = { ...(await moderationStore.commentCounts(db)), banned_ips: await banStore.count(db) };
    return c.json({ success: true, stats });
  });
