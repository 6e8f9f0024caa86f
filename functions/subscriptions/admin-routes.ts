// Admin → Subscribers (docs/product.md, Following by email): the author's list, mounted on
// /admin/subscribers for admins and authors. Importing queues a confirmation for every new
// address; nothing else is sent to anyone before they confirm.
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { requireRole } from '#functions/auth/session.ts';
import { type AppEnv, nowOf } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { CONTENT_ROLES } from '#core/roles.ts';
import { jsonBody, parseOrThrow, queryParams } from '#core/validate.ts';
import { countOf } from '#lib/counts.ts';
import { subscriberAdminStore } from './admin-store.ts';
import { readAddressList, subscribersCsv } from './csv.ts';
import { MAIL_OFF_ADMIN, STORY_NOT_FOUND, SUBSCRIBER_NOT_FOUND } from './messages.ts';
import { importBody, subscriberIdParam, subscriberListQuery } from './schema.ts';
import { subscriberStore } from './store.ts';

const contentStaff = requireRole(...CONTENT_ROLES);

function importMessage(added: number, already: number, invalid: number): string {
  const parts = [`${countOf(added, 'address', 'addresses')} added, each sent an email to confirm`];
  if (already > 0) parts.push(`${countOf(already, 'was', 'were')} already on the list`);
  if (invalid > 0) parts.push(`${countOf(invalid, 'line holds', 'lines hold')} no valid address`);
  return `${parts.join('; ')}.`;
}

export const subscriberAdminRoutes = new Hono<AppEnv>()
  .get('/', contentStaff, queryParams(subscriberListQuery), async (c) => {
    const { db, mail } = c.var.deps;
    const { rows, total } = await subscriberAdminStore.list(db, c.req.valid('query'));
    const subscribers = rows.map((row) => ({
      ...row,
      created_at: row.created_at.toISOString(),
      confirmed_at: row.confirmed_at?.toISOString() ?? null,
    }));
    return c.json({ success: true, subscribers, total, counts: await subscriberAdminStore.counts(db), mail_enabled: mail !== undefined });
  })

  .get('/export', contentStaff, async (c) => {
    const csv = subscribersCsv(await subscriberAdminStore.all(c.var.deps.db));
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="subscribers.csv"',
    });
  })

  .post('/import', contentStaff, jsonBody(importBody), async (c) => {
    const { db, mail } = c.var.deps;
    if (!mail) throw new AppError(503, MAIL_OFF_ADMIN);
    const { csv, story_slug } = c.req.valid('json');
    const story = story_slug === null ? null : await subscriberStore.story(db, story_slug);
    if (story === undefined) throw new AppError(404, STORY_NOT_FOUND);
    const list = readAddressList(csv);
    const added = await subscriberStore.importAddresses(db, list.emails, story?.id ?? null, nowOf(c.var.deps));
    if (added > 0) mail.queued?.();
    const already = list.emails.length - added + list.repeated;
    return c.json({ success: true, added, already, invalid: list.invalid, message: importMessage(added, already, list.invalid.length) });
  })

  .delete(
    '/:id',
    contentStaff,
    validator('param', (params) => parseOrThrow(subscriberIdParam, params)),
    async (c) => {
      if (!(await subscriberStore.delete(c.var.deps.db, c.req.valid('param').id))) throw new AppError(404, SUBSCRIBER_NOT_FOUND);
      return c.json({ success: true, message: 'The subscriber was removed.' });
    },
  );
