// Following by email, the reader's side (docs/product.md, Following by email): subscribe, confirm
// by the emailed link, and leave by the link in every email. Links are signed, not stored
// (tokens.ts). Only POSTs change anything, so a mail scanner opening a link confirms nothing.
// POST /api/unsubscribe is exempt from the origin check (core/guards.ts): the token authorises it.
import { type Context, Hono } from 'hono';
import { type AppDeps, type AppEnv, nowOf } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { checkRateLimit, SUBSCRIBE_LIMIT } from '#core/rate-limit.ts';
import { parseJsonObject, queryParams } from '#core/validate.ts';
import { SLUG_PATTERN } from '#lib/slugs.ts';
import { answerForm, isFormPost, pageWith, publicBodyLimit, readFields, requestFields } from './form-posts.ts';
import {
  ALREADY_UNSUBSCRIBED,
  CONFIRM_INVALID,
  confirmedMessage,
  MAIL_OFF_PUBLIC,
  STORY_NOT_FOUND,
  SUBSCRIBE_ACCEPTED,
  UNSUBSCRIBE_INVALID,
  unsubscribedMessage,
} from './messages.ts';
import { confirmBody, subscribeBody, tokenQuery, unsubscribeBody } from './schema.ts';
import { type Subscription, subscriberStore } from './store.ts';
import { confirmTokenValid, tokenSubscriberId, unsubscribeTokenValid } from './tokens.ts';

function requireMail(deps: AppDeps): void {
  if (!deps.mail) throw new AppError(503, MAIL_OFF_PUBLIC);
}

/** The slug a form post named, when it is one, to send the reader back to that story's form. */
async function formStory(c: Context): Promise<string | undefined> {
  const slug = (await c.req.formData()).get('story_slug');
  return typeof slug === 'string' && SLUG_PATTERN.test(slug) ? slug : undefined;
}

/** Mounted on /subscribe: /api/subscribe and /api/subscribe/confirm. */
export const subscribeRoutes = new Hono<AppEnv>()
  .post('/', publicBodyLimit, async (c) => {
    const form = isFormPost(c);
    let story: string | undefined;
    return answerForm(
      c,
      form,
      (error) => pageWith('/subscribe/', { error, story }),
      async () => {
        const { deps } = c.var;
        const fields = await requestFields(c);
        if (form) story = await formStory(c);
        requireMail(deps);
        const { email, story_slug } = parseJsonObject(subscribeBody, fields);
        await checkRateLimit(c, SUBSCRIBE_LIMIT);
        const followed = story_slug === null ? null : await subscriberStore.publishedStory(deps.db, story_slug);
        if (followed === undefined) throw new AppError(404, STORY_NOT_FOUND);
        // The same answer whatever happened, so nobody learns whether an address follows.
        if (await subscriberStore.subscribe(deps.db, email, followed?.id ?? null, nowOf(deps))) deps.mail?.queued?.();
        if (form) return c.redirect('/subscribe/?sent=1', 303);
        return c.json({ success: true, message: SUBSCRIBE_ACCEPTED }, 202);
      },
    );
  })

  .post('/confirm', publicBodyLimit, async (c) => {
    const form = isFormPost(c);
    return answerForm(
      c,
      form,
      (error) => pageWith('/subscribe/confirm/', { error }),
      async () => {
        const { deps } = c.var;
        // Not limited: a token cannot be guessed (tokens.ts), and confirming sends nothing.
        const { token } = await readFields(c, confirmBody);
        const now = nowOf(deps);
        const id = tokenSubscriberId(token);
        const found = id === null ? undefined : await subscriberStore.find(deps.db, id);
        // A confirmed row's link is used up: checked like a missing one, so every refusal looks the same.
        const row = found?.status === 'pending' ? found : undefined;
        const valid = await confirmTokenValid(deps.sessionSecret, token, row, now);
        if (!valid || !row || !(await subscriberStore.confirm(deps.db, row, now))) throw new AppError(400, CONFIRM_INVALID);
        if (form) return c.redirect(pageWith('/subscribe/confirm/', { done: '1', story: row.story_slug }), 303);
        return c.json({
          success: true,
          message: confirmedMessage(row.story_title),
          story_slug: row.story_slug,
          story_title: row.story_title,
        });
      },
    );
  });

/** The subscription an unsubscribe token names; `gone` when its id is well-formed but the row was removed. */
async function unsubscribeSubject(deps: AppDeps, token: string): Promise<Subscription | 'gone'> {
  const id = tokenSubscriberId(token);
  if (id === null) throw new AppError(400, UNSUBSCRIBE_INVALID);
  const row = await subscriberStore.find(deps.db, id);
  // Checked even for a missing row, against a stand-in: the answer takes as long either way.
  const valid = await unsubscribeTokenValid(deps.sessionSecret, token, row);
  if (!row) return 'gone';
  if (!valid) throw new AppError(400, UNSUBSCRIBE_INVALID);
  return row;
}

/** Whether a form post came from our unsubscribe page (a person, who gets a page back) rather than a mail provider. */
const fromOurPage = (c: Context, fields: unknown) =>
  isFormPost(c) && typeof fields === 'object' && fields !== null && 'scope' in fields && /text\/html/.test(c.req.header('accept') ?? '');

/** Mounted on /unsubscribe: the link in every email and its List-Unsubscribe header (RFC 8058). */
export const unsubscribeRoutes = new Hono<AppEnv>()
  // The visible link opens the page that asks; opening it changes nothing.
  .get('/', queryParams(tokenQuery), (c) => c.redirect(pageWith('/unsubscribe/', { token: c.req.valid('query').token }), 303))

  .get('/info', queryParams(tokenQuery), async (c) => {
    const subject = await unsubscribeSubject(c.var.deps, c.req.valid('query').token);
    if (subject === 'gone') throw new AppError(400, UNSUBSCRIBE_INVALID);
    return c.json({ success: true, story_slug: subject.story_slug, story_title: subject.story_title });
  })

  .post('/', publicBodyLimit, async (c) => {
    const { deps } = c.var;
    const query = c.req.query('token');
    const fields = await requestFields(c, query === undefined ? {} : { token: query });
    const page = fromOurPage(c, fields);
    return answerForm(
      c,
      page,
      (error) => pageWith('/unsubscribe/', { error }),
      async () => {
        const { token, scope } = parseJsonObject(unsubscribeBody, fields);
        const subject = await unsubscribeSubject(deps, token);
        if (subject !== 'gone') {
          if (scope === 'all') await subscriberStore.deleteAddress(deps.db, subject.email);
          else await subscriberStore.delete(deps.db, subject.id);
        }
        if (page) return c.redirect(pageWith('/unsubscribe/', { done: scope }), 303);
        const message = subject === 'gone' ? ALREADY_UNSUBSCRIBED : unsubscribedMessage(scope, subject.story_title);
        return c.json({ success: true, message });
      },
    );
  });
