// The emails readers get (docs/product.md, Following by email): a confirmation link, and release
// notifications. Every email has an HTML part kept simple for mail clients (one table, inline
// styles, at most 600 px wide, readable at 360 px) and the same words as plain text. Every
// value from the database is escaped: titles can hold HTML.
import { isAdultStory } from '#lib/adult-content.ts';
import { chapterDescription } from '#lib/chapter-text.ts';
import { chapterPath } from '#lib/reader-urls.ts';

/** How much of a chapter's first paragraph an email quotes. */
export const EXCERPT_MAX_LENGTH = 400;
export const ADULT_NOTICE = 'This story is for adults (18+).';

export interface ComposedMail {
  subject: string;
  html: string;
  text: string;
}

export interface ReleasedStory {
  slug: string;
  title: string;
  cover_image: string | null;
  genres: string[];
  target_audience: string;
}

export interface ReleasedChapter {
  chapter_number: number;
  title: string;
  content: string;
  content_warnings: string[];
}

export interface ReleaseMailInput {
  siteUrl: string;
  authorName: string;
  /** The story the subscription follows, or null for every story. */
  scopeTitle: string | null;
  items: { story: ReleasedStory; chapter: ReleasedChapter }[];
  unsubscribeUrl: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

const chapterLabel = (chapter: ReleasedChapter) => `Chapter ${chapter.chapter_number}${chapter.title ? `: ${chapter.title}` : ''}`;
const absolute = (siteUrl: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${siteUrl}${path}`);

/** What an email says about a chapter instead of its text, or its first paragraph. */
function teaser(story: ReleasedStory, chapter: ReleasedChapter): string {
  if (isAdultStory(story)) return ADULT_NOTICE; // the text stays behind the site's 18+ confirmation
  if (chapter.content_warnings.length > 0) return `Content warnings: ${chapter.content_warnings.join(', ')}.`;
  return chapterDescription(chapter.content, EXCERPT_MAX_LENGTH);
}

function releaseSubject({ authorName, items }: ReleaseMailInput): string {
  const [first] = items;
  if (items.length === 1) return `New chapter of ${first!.story.title}: ${chapterLabel(first!.chapter)}`;
  const oneStory = items.every((item) => item.story.slug === first!.story.slug);
  return `${items.length} new chapters ${oneStory ? `of ${first!.story.title}` : `by ${authorName}`}`;
}

const followed = (input: { scopeTitle: string | null; authorName: string }) =>
  input.scopeTitle === null ? `every story by ${input.authorName}` : input.scopeTitle;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f1ec;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ec;"><tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:Georgia,'Times New Roman',serif;color:#222222;font-size:16px;line-height:1.5;">
${body}
</table></td></tr></table></body></html>`;
}

const button = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#5b3a8c;color:#ffffff;text-decoration:none;border-radius:6px;font-family:Arial,sans-serif;font-weight:bold;">${escapeHtml(label)}</a>`;

const footer = (text: string, link: string, label: string) =>
  `<tr><td style="padding:16px 24px 24px;font-family:Arial,sans-serif;font-size:13px;color:#666666;border-top:1px solid #e5e0d8;">${escapeHtml(text)} <a href="${escapeHtml(link)}" style="color:#5b3a8c;">${escapeHtml(label)}</a></td></tr>`;

export function releaseMail(input: ReleaseMailInput): ComposedMail {
  const subject = releaseSubject(input);
  const html: string[] = [];
  const text: string[] = [];
  for (const { story, chapter } of input.items) {
    const link = `${input.siteUrl}${chapterPath(story.slug, chapter.chapter_number)}/`;
    const about = teaser(story, chapter);
    const cover = story.cover_image
      ? `<img src="${escapeHtml(absolute(input.siteUrl, story.cover_image))}" alt="" width="120" style="display:block;width:120px;max-width:100%;height:auto;border-radius:4px;margin:0 0 12px;">`
      : '';
    html.push(
      `<tr><td style="padding:24px 24px 8px;">${cover}<p style="margin:0;font-family:Arial,sans-serif;font-size:14px;color:#666666;">${escapeHtml(story.title)}</p>` +
        `<h1 style="margin:4px 0 12px;font-size:22px;line-height:1.3;">${escapeHtml(chapterLabel(chapter))}</h1>` +
        (about ? `<p style="margin:0 0 16px;">${escapeHtml(about)}</p>` : '') +
        `<p style="margin:0 0 8px;">${button(link, `Read chapter ${chapter.chapter_number}`)}</p></td></tr>`,
    );
    text.push(
      [`${story.title}`, chapterLabel(chapter), ...(about ? ['', about] : []), '', `Read chapter ${chapter.chapter_number}: ${link}`].join(
        '\n',
      ),
    );
  }
  const why = `You get this email because you follow ${followed(input)}.`;
  html.push(footer(why, input.unsubscribeUrl, 'Unsubscribe'));
  text.push(`--\n${why}\nUnsubscribe: ${input.unsubscribeUrl}`);
  return { subject, html: page(subject, html.join('\n')), text: `${text.join('\n\n')}\n` };
}

export interface ConfirmMailInput {
  authorName: string;
  scopeTitle: string | null;
  confirmUrl: string;
}

export function confirmMail(input: ConfirmMailInput): ComposedMail {
  const subject = `Confirm that you want to follow ${followed(input)}`;
  const intro = `Someone (we hope you) asked to get an email when ${followed(input)} has a new chapter.`;
  const action = 'Confirm with the button below; until you do, nothing else is sent to this address.';
  const ignore = 'If it was not you, ignore this email: the link expires in 7 days and the address is then forgotten.';
  const html = page(
    subject,
    `<tr><td style="padding:24px;"><h1 style="margin:0 0 12px;font-size:22px;line-height:1.3;">${escapeHtml(subject)}</h1>` +
      `<p style="margin:0 0 12px;">${escapeHtml(intro)}</p><p style="margin:0 0 16px;">${escapeHtml(action)}</p>` +
      `<p style="margin:0 0 16px;">${button(input.confirmUrl, 'Confirm')}</p>` +
      `<p style="margin:0;font-family:Arial,sans-serif;font-size:13px;color:#666666;">${escapeHtml(ignore)}</p></td></tr>`,
  );
  return { subject, html, text: `${intro}\n\n${action}\n\nConfirm: ${input.confirmUrl}\n\n${ignore}\n` };
}
