import { describe, expect, it } from 'vitest';
import { chapterBodyHtml } from './chapter-body.ts';

const BREAK = '/images/page-break.png';
const plain = { content: 'One.\n\n---\n\nTwo.', note_before: '', note_after: '', content_warnings: [] };

describe('chapterBodyHtml', () => {
  it('is only the text, page breaks as the image, when there are no notes or warnings', () => {
    const html = chapterBodyHtml(plain, BREAK);
    expect(html).toMatch(
      /^<div class="prose chapter-text"><p>One.<\/p>\n<div class="page-break" role="separator"><img src="\/images\/page-break.png"/,
    );
    expect(html).not.toMatch(/content-warnings|author-note/);
    // A note of only blank lines is no note.
    expect(chapterBodyHtml({ ...plain, note_after: ' \n ' }, BREAK)).toBe(html);
  });

  it('puts the warnings first, then the note before, the text and the note after, each note in an open box', () => {
    const html = chapterBodyHtml(
      { ...plain, content_warnings: ['Violence', '<b>Fire</b> & "smoke"'], note_before: 'Hello *you*.', note_after: 'Bye.' },
      BREAK,
    );
    const order = ['<h2 id="content-warnings-title">Content warnings</h2>', '<li>&lt;b&gt;Fire&lt;/b&gt; &amp; &quot;smoke&quot;</li>'];
    order.push(
      '<details class="author-note author-note-before" open><summary>Author\'s note</summary><div class="prose"><p>Hello <em>you</em>.</p>',
    );
    order.push('<div class="prose chapter-text">', '<details class="author-note author-note-after" open>', '<p>Bye.</p>');
    const positions = order.map((part) => html.indexOf(part));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('passes the notes through the same sanitiser as the text', () => {
    const html = chapterBodyHtml(
      {
        ...plain,
        note_before: '<script>alert(1)</script><img src=x onerror=alert(1)>',
        note_after: 'A [link](javascript:alert(1)) <iframe></iframe>',
      },
      BREAK,
    );
    expect(html).not.toMatch(/<script|onerror|href="javascript:|<iframe/);
    expect(html).toContain('<a>link</a>');
  });
});
