import { expect, it } from 'vitest';
import { checkHtml, javaAvailable } from './nu-checker.ts';

const page = (style: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>t</title><style>${style}</style></head><body>${body}</body></html>`;

it.runIf(javaAvailable() || process.env['CI'] === 'true')(
  'reports errors by document name, and not the CSS newer than its profile',
  async () => {
    const messages = await checkHtml([
      { name: 'valid', html: page('p{line-clamp:2}', '<p>Fine.</p>') },
      { name: 'broken', html: page('p{colour:red}', '<img src="" alt="">') },
    ]);
    expect(messages.map(({ file, message }) => ({ file, message }))).toEqual([
      { file: 'broken', message: expect.stringContaining('“colour”') },
      { file: 'broken', message: expect.stringContaining('Bad value “” for attribute “src”') },
    ]);
  },
);
