import { unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { buildStoryEpub, lastModified, storyEpubPath } from './index.ts';
import type { SnapshotStory } from '../snapshot.ts';
import type { ImageFile } from './images.ts';
import { testChapter, testPng, testStory, textOfTestChapter } from './test-story.ts';

const ORIGIN = 'https://author.example';
const PNG = testPng();
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

/** The site's images: the default cover and page break, one upload; everything else is missing. */
function siteImages(extra: Record<string, ImageFile> = {}) {
  const files: Record<string, ImageFile> = {
    '/images/default-cover.jpg': { bytes: JPEG, mediaType: 'image/jpeg' },
    '/images/page-break.png': { bytes: PNG, mediaType: 'image/png' },
    '/api/uploads/general/map.png': { bytes: PNG, mediaType: 'image/png' },
    ...extra,
  };
  return vi.fn(async (path: string) => files[path] ?? null);
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

async function build(story = testStory([testChapter(1, 'One.'), testChapter(2, 'Two.')]), readImage = siteImages()) {
  const epub = await buildStoryEpub({
    story,
    profile: { name: 'Mara <Quillon> & Co' },
    siteOrigin: ORIGIN,
    readImage,
    readText: textOfTestChapter,
  });
  const files = unzipSync(epub);
  return { epub, files, text: (name: string) => text(files[name]), readImage };
}

/** Strict enough to catch what an HTML page gets away with: every tag closed explicitly and in order, no bare & or <, no control characters. */
function expectWellFormedXml(xml: string): void {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*(?:<!DOCTYPE html>)?/, '');
  const stack: string[] = [];
  const problems: string[] = [];
  const tags = /<(\/?)([A-Za-z][\w:.-]*)(?:\s+[\w:.-]+="[^"<]*")*\s*(\/?)>/g;
  let last = 0;
  for (const match of body.matchAll(tags)) {
    const between = body.slice(last, match.index);
    if (/[<>]|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(between)) problems.push(`bare markup: ${between}`);
    last = match.index + match[0].length;
    const [, closing, name, selfClosing] = match;
    if (selfClosing) continue;
    if (!closing) stack.push(name!);
    else if (stack.pop() !== name) problems.push(`</${name}> does not close the open element`);
  }
  if (/[<>&]/.test(body.slice(last).replace(/&(?:amp|lt|gt|quot|apos);/g, ''))) problems.push('bare markup at the end');
  expect(problems).toEqual([]);
  expect(stack).toEqual([]);
  expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
}

describe('buildStoryEpub', () => {
  it('starts with the mimetype entry, stored uncompressed, as OCF requires', async () => {
    const { epub, files } = await build();
    const header = new DataView(epub.buffer, epub.byteOffset);
    expect(header.getUint32(0, true)).toBe(0x04034b50);
    expect(header.getUint16(8, true)).toBe(0); // compression method: stored
    expect(header.getUint16(28, true)).toBe(0); // no extra field
    expect(text(epub.subarray(30, 38))).toBe('mimetype');
    expect(text(epub.subarray(38, 58))).toBe('application/epub+zip');
    expect(Object.keys(files)).toEqual([
      'mimetype',
      'META-INF/container.xml',
      'EPUB/cover.xhtml',
      'EPUB/title.xhtml',
      'EPUB/chapter-1.xhtml',
      'EPUB/chapter-2.xhtml',
      'EPUB/nav.xhtml',
      'EPUB/toc.ncx',
      'EPUB/package.opf',
      'EPUB/style.css',
      'EPUB/images/cover-image.jpg',
    ]);
    expect(text(files['META-INF/container.xml'])).toContain('full-path="EPUB/package.opf"');
  });

  it('writes the story metadata into the package document', async () => {
    const story = testStory(
      [
        testChapter(1, 'One.', { updated_at: '2026-03-04T05:06:07.999Z' }),
        testChapter(2, 'Two.', { updated_at: '2026-02-01T00:00:00.000Z' }),
      ],
      { title: 'Salt & "Starlight"', description: 'A tide-witch <bargains>.', genres: ['High Fantasy', 'Mythology', 'Romance'] },
    );
    const opf = (await build(story)).text('EPUB/package.opf');
    expect(opf).toMatch(
      /<dc:identifier id="book-id">urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}<\/dc:identifier>/,
    );
    expect(opf).toContain('<dc:title>Salt &amp; &quot;Starlight&quot;</dc:title>');
    expect(opf).toContain('<dc:creator id="author">Mara &lt;Quillon&gt; &amp; Co</dc:creator>');
    expect(opf).toContain('<dc:description>A tide-witch &lt;bargains&gt;.</dc:description>');
    expect(opf).toContain('<dc:language>en-US</dc:language>');
    expect(opf.match(/<dc:subject>[^<]*<\/dc:subject>/g)).toEqual([
      '<dc:subject>High Fantasy</dc:subject>',
      '<dc:subject>Mythology</dc:subject>',
      '<dc:subject>Romance</dc:subject>',
    ]);
    // The latest of the story's and the chapters' times, to the second, in UTC.
    expect(opf).toContain('<meta property="dcterms:modified">2026-03-04T05:06:07Z</meta>');
    expect(opf).toContain('<item id="cover-image" href="images/cover-image.jpg" media-type="image/jpeg" properties="cover-image"/>');
    expectWellFormedXml(opf);
  });

  it('keeps the identifier from build to build, whatever the site address or the slug, and gives another story another one', async () => {
    const identifier = async (overrides: Partial<SnapshotStory>, siteOrigin = ORIGIN) => {
      const epub = await buildStoryEpub({
        story: testStory([testChapter(1, 'x')], overrides),
        profile: { name: 'A' },
        siteOrigin,
        readImage: siteImages(),
        readText: textOfTestChapter,
      });
      return /urn:uuid:[^<]+/.exec(text(unzipSync(epub)['EPUB/package.opf']))![0];
    };
    const first = await identifier({});
    expect(await identifier({})).toBe(first);
    expect(await identifier({}, 'https://new-domain.example')).toBe(first);
    expect(await identifier({ slug: 'renamed' })).toBe(first);
    expect(await identifier({ id: 2 })).not.toBe(first);
  });

  it('gives the same bytes for the same story', async () => {
    expect((await build()).epub).toEqual((await build()).epub);
  });

  it('puts the chapters in the spine and both tables of contents in the order given', async () => {
    const story = testStory([
      testChapter(1, 'a', { title: 'Dawn' }),
      testChapter(2, 'b', { title: 'Noon' }),
      testChapter(5, 'c', { title: 'Dusk & After' }),
    ]);
    const book = await build(story);
    const spine = [...book.text('EPUB/package.opf').matchAll(/<itemref idref="([^"]+)"\/>/g)].map((match) => match[1]);
    expect(spine).toEqual(['cover', 'title-page', 'nav', 'chapter-1', 'chapter-2', 'chapter-5']);
    const nav = book.text('EPUB/nav.xhtml');
    const toc = [...nav.split('epub:type="landmarks"')[0]!.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(toc).toEqual([
      ['title.xhtml', 'The Test Story'],
      ['chapter-1.xhtml', 'Chapter 1: Dawn'],
      ['chapter-2.xhtml', 'Chapter 2: Noon'],
      ['chapter-5.xhtml', 'Chapter 5: Dusk &amp; After'],
    ]);
    const ncx = book.text('EPUB/toc.ncx');
    expect([...ncx.matchAll(/playOrder="(\d+)"[\s\S]*?<content src="([^"]+)"/g)].map((match) => `${match[1]} ${match[2]}`)).toEqual([
      '1 title.xhtml',
      '2 chapter-1.xhtml',
      '3 chapter-2.xhtml',
      '4 chapter-5.xhtml',
    ]);
    expect(book.text('EPUB/chapter-5.xhtml')).toContain('<h1>Dusk &amp; After</h1>');
    for (const name of ['EPUB/nav.xhtml', 'EPUB/toc.ncx', 'EPUB/title.xhtml', 'EPUB/cover.xhtml', 'EPUB/chapter-5.xhtml'])
      expectWellFormedXml(book.text(name));
  });

  it('embeds every image it can read and shows the alt text of the others; nothing points at a server', async () => {
    const content = [
      'Before the map.',
      '![The map](/api/uploads/general/map.png)',
      'Again: ![Same map](uploads/general/map.png)',
      '---',
      '![A remote picture](https://images.example/x.png) and ![A missing one](/api/uploads/general/gone.png)',
      '<img src="//evil.example/track.gif" alt="protocol-relative">',
    ].join('\n\n');
    const book = await build(testStory([testChapter(1, content)], { cover: '/api/uploads/covers/gone.webp' }));
    const chapter = book.text('EPUB/chapter-1.xhtml');
    expect(chapter).toContain('<img src="images/image-1.png" alt="The map"/>');
    expect(chapter).toContain('<img src="images/image-1.png" alt="Same map"/>');
    expect(chapter).toMatch(
      /<div class="page-break" role="separator"><img src="images\/image-2.png" alt="" width="600" height="60"\/><\/div>/,
    );
    expect(chapter).toContain(
      '<p><span class="missing-image">[Image: A remote picture]</span> and <span class="missing-image">[Image: A missing one]</span></p>',
    );
    expect(chapter).toContain('protocol-relative');
    // The cover could not be read: no cover image, the cover page shows the title.
    expect(book.text('EPUB/cover.xhtml')).toContain('<h1>The Test Story</h1>');
    expect(book.text('EPUB/package.opf')).not.toContain('cover-image');
    // Every image each page names is in the book and in the manifest, and no resource is remote.
    const opf = book.text('EPUB/package.opf');
    for (const name of Object.keys(book.files).filter((file) => file.endsWith('.xhtml'))) {
      const page = book.text(name);
      expect(page).not.toMatch(/\bsrc="(?:https?:)?\/\//);
      expect(page).not.toMatch(/\b(?:src|href)="\//);
      for (const [, src] of page.matchAll(/\bsrc="([^"]+)"/g)) {
        expect(book.files[`EPUB/${src}`]).toBeDefined();
        expect(opf).toContain(`href="${src}"`);
      }
    }
    // Each image was read once, and web addresses were never handed to the reader.
    expect(book.readImage.mock.calls.map(([path]) => path).sort()).toEqual([
      '/api/uploads/covers/gone.webp',
      '/api/uploads/general/gone.png',
      '/api/uploads/general/map.png',
      '/images/page-break.png',
    ]);
  });

  it('turns a page break whose image cannot be read into a styled rule', async () => {
    const book = await build(testStory([testChapter(1, 'One.\n\n***\n\nTwo.')], { breakImage: 'https://cdn.example/break.png' }));
    expect(book.text('EPUB/chapter-1.xhtml')).toContain('<p>One.</p>\n<hr class="page-break"/>\n<p>Two.</p>');
  });

  it('leaves an image out when its bytes are not JPEG, PNG or GIF, whatever the reader claims', async () => {
    const readImage = siteImages({
      '/api/uploads/general/fake.png': { bytes: new TextEncoder().encode('<svg onload="alert(1)"/>'), mediaType: 'image/png' },
    });
    const book = await build(testStory([testChapter(1, '![Fake](/api/uploads/general/fake.png)')]), readImage);
    expect(book.text('EPUB/chapter-1.xhtml')).toContain('<p><span class="missing-image">[Image: Fake]</span></p>');
    expect(Object.keys(book.files).filter((name) => name.startsWith('EPUB/images/'))).toEqual(['EPUB/images/cover-image.jpg']);
  });

  it('notes an image without alt text that it could not embed, never leaving an empty paragraph', async () => {
    const chapter = (await build(testStory([testChapter(1, '![](/api/uploads/general/gone.png)')]))).text('EPUB/chapter-1.xhtml');
    expect(chapter).toContain('<p><span class="missing-image">[Image not included]</span></p>');
  });

  it('writes when the story came out, its publisher, its genres and the story as a series', async () => {
    const story = testStory(
      [
        testChapter(1, 'a', { published_at: '2026-02-03T04:05:06.789Z' }),
        testChapter(2, 'b', { published_at: '2026-01-05T00:00:00.000Z' }),
        testChapter(3, 'c', { published_at: null }),
      ],
      { genres: ['Space Opera'] },
    );
    const opf = (await build(story)).text('EPUB/package.opf');
    expect(opf).toContain('<dc:date>2026-01-05T00:00:00Z</dc:date>');
    expect(opf).toContain('<dc:publisher>Mara &lt;Quillon&gt; &amp; Co</dc:publisher>');
    expect(opf).toContain('<dc:subject>Space Opera</dc:subject>');
    // The story as a series (calibre's Series column), the copy's place in it its last chapter.
    expect(opf).toContain('<meta property="belongs-to-collection" id="series">The Test Story</meta>');
    expect(opf).toContain('<meta refines="#series" property="collection-type">series</meta>');
    expect(opf).toContain('<meta refines="#series" property="group-position">3</meta>');
    // Without a publish time on any chapter: when the story was created.
    const undated = testStory([testChapter(1, 'a', { published_at: null })], { created_at: '2025-12-24T18:00:00.000Z' });
    expect((await build(undated)).text('EPUB/package.opf')).toContain('<dc:date>2025-12-24T18:00:00Z</dc:date>');
  });

  it('turns footnotes into EPUB 3 notes: noteref links and one aside per note, numbered', async () => {
    const content = 'A claim[^src] and another[^2], again[^src].\n\n[^src]: The *source*.\n[^2]: - a list note';
    const book = await build(testStory([testChapter(1, content, { note_after: 'Thanks[^1].\n\n[^1]: To you.' })]));
    const chapter = book.text('EPUB/chapter-1.xhtml');
    expectWellFormedXml(chapter);
    expect(chapter).toContain('<sup><a href="#fn-src" aria-describedby="fn-label" id="fn-ref-src" epub:type="noteref">1</a></sup>');
    expect(chapter).toContain('<sup><a href="#fn-src" aria-describedby="fn-label" id="fn-ref-src-2" epub:type="noteref">1</a></sup>');
    expect(chapter).toContain('<aside id="fn-src" epub:type="footnote">\n<p>1. The <em>source</em>. <a href="#fn-ref-src"');
    expect(chapter).toContain('<aside id="fn-2" epub:type="footnote"><p>2. </p>\n<ul>');
    expect(chapter).toContain('<aside id="note-after-fn-1" epub:type="footnote">');
    expect(chapter).not.toMatch(/<ol>|<li id=/);
    // Back links are not note references.
    expect(chapter.match(/epub:type="noteref"/g)).toHaveLength(4);
  });

  it('points links between chapters at the chapters in the book, fragments kept, old numbers followed', async () => {
    const links = [
      `[two](/storytime/story/the-test-story/chapter/2/#fn-1)`,
      `[two absolute](${ORIGIN}/storytime/story/the-test-story/chapter/2)`,
      `[moved](/storytime/story/the-test-story/chapter/7/)`,
      `[story](/storytime/story/the-test-story/)`,
      `[missing](/storytime/story/the-test-story/chapter/9/)`,
      `[other story](/storytime/story/other/chapter/1/)`,
    ].join(' ');
    const story = testStory([testChapter(1, links), testChapter(2, 'Two[^1].\n\n[^1]: Note.')], {
      redirects: [{ old_number: 7, chapter_id: 2 }],
    });
    const chapter = (await build(story)).text('EPUB/chapter-1.xhtml');
    expect(chapter).toContain('<a href="chapter-2.xhtml#fn-1">two</a>');
    expect(chapter).toContain('<a href="chapter-2.xhtml">two absolute</a>');
    expect(chapter).toContain('<a href="chapter-2.xhtml">moved</a>');
    expect(chapter).toContain('<a href="title.xhtml">story</a>');
    expect(chapter).toContain(`<a href="${ORIGIN}/storytime/story/the-test-story/chapter/9/">missing</a>`);
    expect(chapter).toContain(`<a href="${ORIGIN}/storytime/story/other/chapter/1/">other story</a>`);
  });

  it('keeps the HTML an author may write, as XHTML', async () => {
    const content = [
      '<details>\n<summary>Spoiler</summary>\n\nThe *twist*.\n\n</details>',
      '<div dir="rtl" lang="ar">مرحبا <span lang="ja">日本語</span> 👨‍👩‍👧</div>',
      '<aside>Aside</aside>',
      'H<sub>2</sub>O x<sup>2</sup> <small>s</small> <mark>m</mark> <abbr title="T & U">TU</abbr> <ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>',
    ].join('\n\n');
    const chapter = (await build(testStory([testChapter(1, content)]))).text('EPUB/chapter-1.xhtml');
    expectWellFormedXml(chapter);
    expect(chapter).toContain('<details>\n<summary>Spoiler</summary><p>The <em>twist</em>.</p>\n</details>');
    expect(chapter).toContain('<div dir="rtl" lang="ar">مرحبا <span lang="ja">日本語</span> 👨‍👩‍👧</div>');
    expect(chapter).toContain('<abbr title="T &amp; U">TU</abbr> <ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>');
  });

  it('makes links to the site absolute and keeps links to other sites', async () => {
    const content =
      '[Next](/storytime/story/x/chapter/2/) [Wiki](https://wiki.example/a?b=1&c=2) [Mail](mailto:a@b.example) [Here](#top) [Odd](chapter/3)';
    const chapter = (await build(testStory([testChapter(1, content)]))).text('EPUB/chapter-1.xhtml');
    expect(chapter).toContain(`<a href="${ORIGIN}/storytime/story/x/chapter/2/">Next</a>`);
    expect(chapter).toContain('<a href="https://wiki.example/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">Wiki</a>');
    expect(chapter).toContain('<a href="mailto:a@b.example">Mail</a>');
    expect(chapter).toContain('<a href="#top">Here</a>');
    expect(chapter).toContain('<a>Odd</a>');
  });

  it('gives well-formed XHTML without the hostile parts of hostile chapter content', async () => {
    const hostile = [
      '<script>alert("x")</script>Tom & Jerry < Spike',
      '<p onclick="steal()">Unclosed <b>bold <i>and italic',
      '<div><span>open</div>',
      'NUL\u0000bytes\u0001and\u000bcontrols\uD800 lone surrogate',
      '![Up](../../../etc/passwd.png) ![Up again](/images/../../secret.png) ![Encoded](/api/uploads/%2e%2e/x.png)',
      '<img src="javascript:alert(1)" alt="js"><iframe src="https://evil.example"></iframe><style>body{}</style>',
      '<a href="javascript:alert(1)">js link</a> &nbsp; &copy; &bogus;',
      `${'<em>'.repeat(500)}deep${'</em>'.repeat(10)}`,
    ].join('\n\n');
    const story = testStory([testChapter(1, hostile, { title: 'Title <script>x</script> \u0000 & more' })], {
      title: 'Evil\u0000 "Story"',
    });
    const book = await build(story);
    const chapter = book.text('EPUB/chapter-1.xhtml');
    expectWellFormedXml(chapter);
    expect(chapter).not.toMatch(/<script|<iframe|<style|onclick|javascript:|steal\(\)/i);
    expect(chapter).toContain('Tom &amp; Jerry &lt; Spike');
    expect(chapter).toContain('NULbytesandcontrols lone surrogate');
    expect(chapter).toContain('<h1>Title &lt;script&gt;x&lt;/script&gt;  &amp; more</h1>');
    expect(chapter).toContain('\u00a0 © &amp;bogus;');
    // Paths that climb out of the site never reach the image reader.
    for (const [path] of book.readImage.mock.calls) expect(path).not.toMatch(/\.\.|%/);
    for (const name of Object.keys(book.files).filter((file) => /\.(?:xhtml|opf|ncx)$/.test(file))) expectWellFormedXml(book.text(name));
  });

  it('puts the content warnings and the author’s notes around the text, as well-formed XHTML', async () => {
    const notes = {
      content_warnings: ['Violence', 'Fish & <Chips>\u0001'],
      note_before: 'Thanks, *reader* <script>x</script>',
      note_after: 'See the [map](/api/uploads/general/map.png) & more',
    };
    const book = await build(testStory([testChapter(1, 'The text.', notes), testChapter(2, 'Plain.')]));
    const chapter = book.text('EPUB/chapter-1.xhtml');
    expectWellFormedXml(chapter);
    const order = ['Content warnings', 'Violence', 'Fish &amp; &lt;Chips&gt;', 'Thanks, <em>reader</em>', 'The text.', 'See the'];
    const positions = order.map((part) => chapter.indexOf(part));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(chapter).toContain('<h2 id="content-warnings-title">Content warnings</h2><ul><li>Violence</li>');
    expect(
      chapter.match(/<details class="author-note author-note-(?:before|after)" open=""><summary>Author's note<\/summary>/g),
    ).toHaveLength(2);
    expect(chapter).toContain(`<a href="${ORIGIN}/api/uploads/general/map.png">map</a> &amp; more`);
    expect(chapter).not.toMatch(/<script|\u0001/);
    const plain = book.text('EPUB/chapter-2.xhtml');
    expect(plain).not.toMatch(/content-warnings|author-note/);
  });

  it('builds a huge chapter', async () => {
    const paragraph = 'Word '.repeat(200).trim();
    const content = Array.from({ length: 2_000 }, () => paragraph).join('\n\n'); // 400,000 words
    const book = await build(testStory([testChapter(1, content)]));
    expect(book.text('EPUB/chapter-1.xhtml').match(/<p>/g)).toHaveLength(2_000);
    expect(book.epub.length).toBeLessThan(book.text('EPUB/chapter-1.xhtml').length / 50);
  });
});

describe('lastModified', () => {
  it('is the story time when it is the latest, and ignores what is not a time', () => {
    const story = testStory([testChapter(1, 'x', { updated_at: 'not a time' })], { updated_at: '2026-05-06T07:08:09.100Z' });
    expect(lastModified(story)).toBe('2026-05-06T07:08:09Z');
  });
});

describe('storyEpubPath', () => {
  it('puts the book beside the story page', () => {
    expect(storyEpubPath('the-lantern-fleet')).toBe('/storytime/story/the-lantern-fleet/the-lantern-fleet.epub');
  });
});
