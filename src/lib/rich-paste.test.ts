import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { richTextToMarkdown } from './rich-paste.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`../../tests/fixtures/clipboard/${name}`, import.meta.url), 'utf8');

describe('richTextToMarkdown on real clipboard captures (tests/fixtures/clipboard/README.md)', () => {
  it('Google Docs: headings and paragraphs, without its wrapper or its empty-line breaks', () => {
    expect(richTextToMarkdown(fixture('google-docs-headings-and-paragraphs.html'))).toBe(
      [
        'This is a test of headings and paragraphs.',
        '# Heading 1',
        'Some text.',
        'Another paragraph.',
        '## Heading 2',
        'Another paragraph in the middle.  \nBut with a line break.',
        '### Heading 3',
        'Some final text.',
      ].join('\n\n'),
    );
  });

  it('Google Docs: bold and italic given by span styles, links kept, fonts and underlines dropped', () => {
    // The capture was re-indented by its source, so its spans carry the spaces shown before the punctuation.
    expect(richTextToMarkdown(fixture('google-docs-inline-formatting.html'))).toBe(
      [
        'This is a test of inline formatting.',
        'This **is bold** ***and italic*** *or just italic* . Or underlined , struck through , or [linked (to GitHub)](https://github.com/) .',
        'Some text is superscript and some is subscript .',
      ].join('\n\n'),
    );
  });

  it('Word: bold that Word also marks mso-bidi-font-weight:normal', () => {
    expect(richTextToMarkdown(fixture('word-desktop-bold.html'))).toBe('**This text is only bolded.**');
  });

  it('Word for the web: its paragraph and list markup, classes and end-of-paragraph spans', () => {
    expect(richTextToMarkdown(fixture('word-online-paragraph-and-bullet.html'))).toBe('asd\n\n- Test');
  });

  it('Word: a numbered list made of mso-list paragraphs, without the typed numbers and o:p', () => {
    expect(richTextToMarkdown(fixture('word-desktop-ordered-list.html'))).toBe(
      '1. This\n2. Is\n3. A\n4. One\n5. Level\n6. Ordered\n7. List',
    );
  });
});

const WORD_DOCUMENT = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word">
<head><meta name=Generator content="Microsoft Word 15"><style><!-- p.MsoNormal {margin:0in; font-family:"Calibri"} --></style>
<!--[if gte mso 9]><xml><w:WordDocument><w:TrackMoves/></w:WordDocument></xml><![endif]--></head>
<body lang=EN-GB><!--StartFragment-->
<h1>Chapter One<o:p></o:p></h1>
<p class=MsoNormal>“It’s late,” she said<span class=MsoCommentReference><a style='mso-comment-reference:AB_1'>[AB1]</a></span>.<o:p></o:p></p>
<p class=MsoNormal>She <del cite="mailto:Editor" datetime="2024-01-01T10:00">never </del><ins cite="mailto:Editor">always </ins>left <i>early</i>.</p>
<p class=MsoNormal align=center style='text-align:center'>* * *<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;</span></span></span><![endif]>Bread<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='mso-list:l0 level2 lfo1'><![if !supportLists]><span style='font-family:"Courier New"'><span style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;</span></span></span><![endif]>Rye<o:p></o:p></p>
<p class=MsoQuote><a href="https://example.com/x">A link</a> and <img src="file:///C:/Users/a/clip_image001.png" alt="A lighthouse"></p>
<div style='mso-element:comment-list'><div style='mso-element:comment'><p class=MsoCommentText>Cut this?</p></div></div>
<!--EndFragment--></body></html>`;

describe('richTextToMarkdown on what word processors add', () => {
  it('a whole Word document: head, styles, comments, tracked changes, conditional comments and bullets go; the words stay', () => {
    expect(richTextToMarkdown(WORD_DOCUMENT)).toBe(
      [
        '# Chapter One',
        '“It’s late,” she said.',
        'She always left *early*.',
        '---',
        '- Bread\n    - Rye',
        '[A link](https://example.com/x) and A lighthouse',
      ].join('\n\n'),
    );
  });

  it.each(['***', '* * *', '#', '~ ~ ~', '⁂', '<hr>'])('the scene break %s becomes ---', (mark) => {
    const html = mark === '<hr>' ? '<p>Before</p><hr><p>After</p>' : `<p>Before</p><p style="text-align:center">${mark}</p><p>After</p>`;
    expect(richTextToMarkdown(html)).toBe('Before\n\n---\n\nAfter');
  });

  it('blockquotes, bullet lists and links from plain HTML', () => {
    expect(
      richTextToMarkdown(
        '<blockquote><p>Quoted</p></blockquote><ul><li>One</li><li>Two</li></ul><p><a href="https://a.example/">there</a></p>',
      ),
    ).toBe('> Quoted\n\n- One\n- Two\n\n[there](https://a.example/)');
  });

  it('Google Docs comments and their marks are dropped', () => {
    const html =
      '<p>Text<a href="#cmnt1" id="cmnt_ref1">[a]</a> here.</p><div><p><a href="#cmnt_ref1" id="cmnt1">[a]</a>A reviewer’s note</p></div>';
    expect(richTextToMarkdown(html)).toBe('Text here.');
  });
});

describe('richTextToMarkdown budgets', () => {
  const time = (html: string) => {
    const start = performance.now();
    const markdown = richTextToMarkdown(html);
    return { markdown, ms: performance.now() - start };
  };

  // Node parses with domino, a DOM written in JavaScript; the editor's paste uses the browser's own
  // DOM, about three times faster (tests/e2e/form-safety.spec.ts measures it there).
  it('a 2 MB paste converts on the server without hanging', () => {
    const paragraph = '<p class=MsoNormal><span style="font-family:Calibri">She walked on, <i>slowly</i>, into the dark.</span></p>\n';
    const html = paragraph.repeat(Math.ceil((2 * 1024 * 1024) / paragraph.length));
    const { markdown, ms } = time(html);
    console.info(`2 MB paste: ${ms.toFixed(0)} ms`);
    expect(markdown.split('\n\n')).toHaveLength(Math.ceil((2 * 1024 * 1024) / paragraph.length));
    expect(ms).toBeLessThan(15_000); // 3 to 4.5 s on an idle machine; the bound only catches a hang
  });

  it('a 10,000-line paste converts without hanging', () => {
    const html = Array.from({ length: 10_000 }, (_, i) => `Line ${i}<br>`).join('\n');
    const { markdown, ms } = time(html);
    console.info(`10,000-line paste: ${ms.toFixed(0)} ms`);
    expect(markdown.split('\n')).toHaveLength(10_000);
    expect(ms).toBeLessThan(5000); // 0.2 to 0.4 s on an idle machine; the bound only catches a hang
  });

  it('nesting too deep to walk comes back as its text instead of throwing', () => {
    const html = `${'<div>'.repeat(100_000)}deep &amp; safe${'</div>'.repeat(100_000)}`;
    expect(richTextToMarkdown(html)).toBe('deep & safe');
  });
});
