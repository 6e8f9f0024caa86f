import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readChapterTextsFrom } from '#lib/chapter-texts.ts';
import { testChapter, testStory, textOfTestChapter } from '#lib/epub/test-story.ts';
import { FALLBACK_PROFILE } from '#lib/profile.ts';
import { writeChapterTextFiles } from '#scripts/server/content-files.ts';
import { siteImageReader, writeStoryEpub } from '#scripts/server/epub-files.ts';
import { chapterText } from './catalogue.ts';
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cold-'));
const chapters = Array.from({ length: 1000 }, (_, i) => testChapter(i + 1, chapterText(3000, i + 1), { id: 10000 + i }));
const story = testStory(chapters, { id: 1000, slug: 'x', cover: '/images/page-break.png' });
await writeChapterTextFiles(path.join(out, 't'), [story], textOfTestChapter);
const index = { ...story, chapters: chapters.map(({ content: _c, note_before: _b, note_after: _a, ...c }) => c) };
const opts = { profile: FALLBACK_PROFILE, siteUrl: 'http://l', readImage: siteImageReader({ publicDir: 'public', storage: null }), readText: readChapterTextsFrom(path.join(out, 't')) };
for (let run = 0; run < 3; run++) {
  for (const cacheDir of [undefined, path.join(out, 'c')]) {
    if (cacheDir) fs.rmSync(cacheDir, { recursive: true, force: true });
    const t = performance.now();
    await writeStoryEpub(path.join(out, 's'), index, { ...opts, cacheDir });
    console.log(cacheDir ? 'cold cache' : 'no cache  ', (performance.now() - t).toFixed(0));
  }
  const t = performance.now();
  await writeStoryEpub(path.join(out, 's'), index, { ...opts, cacheDir: path.join(out, 'c') });
  console.log('warm      ', (performance.now() - t).toFixed(0));
}
fs.rmSync(out, { recursive: true, force: true });
