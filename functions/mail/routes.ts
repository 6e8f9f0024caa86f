// Admin -> Subscribers' mail status (docs/product.md, Following by email): what the outbox holds,
// trying failed emails again, and a test email sent at once so the author sees the server's answer.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireRole } from '#functions/auth/session.ts';
import { type AppEnv, nowOf } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { MailSendError } from '#core/mail.ts';
import { CONTENT_ROLES } from '#core/roles.ts';
import { jsonBody } from '#core/validate.ts';
import { countOf } from '#lib/counts.ts';
import { emailField } from '#functions/subscriptions/schema.ts';
import { MAIL_OFF_ADMIN } from '#functions/subscriptions/messages.ts';
import { escapeHtml } from './compose.ts';
import { outboxStore } from './outbox-store.ts';
import { mailStatusStore } from './store.ts';

const contentStaff = requireRole(...CONTENT_ROLES);
const retryBody = z.strictObject({ id: z.number().int().positive().optional() });
const testBody = z.strictObject({ email: emailField });

const TEST_TEXT = 'This is a test email from your website. If you can read it, readers who follow your stories get their emails too.';

export const mailRoutes = new Hono<AppEnv>()
  .get('/status', contentStaff, async (c) => {
    const { db, mail } = c.var.deps;
    const recent = (await mailStatusStore.recent(db)).map((row) => ({
      ...row,
      sent_at: row.sent_at?.toISOString() ?? null,
      updated_at: row.updated_at.toISOString(),
    }));
    return c.json({
      success: true,
      mail_enabled: mail !== undefined,
      from: mail?.from ?? null,
      rate_per_minute: mail?.ratePerMinute ?? null,
      ...(await mailStatusStore.counts(db)),
      recent,
    });
  })

  .post('/retry', contentStaff, jsonBody(retryBody), async (c) => {
    const { deps } = c.var;
    const retried = await outboxStore.retryFailed(deps.db, c.req.valid('json').id, nowOf(deps));
    if (retried > 0) deps.mail?.queued?.();
    const message =
      retried > 0
        ? `${countOf(retried, 'failed email', 'failed emails')} will be tried again now.`
        : 'There was no failed email to try again.';
    return c.json({ success: true, retried, message });
  })

  .post('/test', contentStaff, jsonBody(testBody), async (c) => {
    const { mail } = c.var.deps;
    if (!mail) throw new AppError(503, MAIL_OFF_ADMIN);
    const { email } = c.req.valid('json');
    try {
      await mail.transport.send({
        to: email,
        subject: 'Test email from your website',
        text: `${TEST_TEXT}\n`,
        html: `<p>${escapeHtml(TEST_TEXT)}</p>`,
      });
    } catch (error) {
      const answer = error instanceof MailSendError ? error.response : error instanceof Error ? error.message : String(error);
      throw new AppError(502, `The mail server refused the test email: ${answer}`);
    }
    return c.json({ success: true, message: `A test email was sent to ${email}.` });
  });
