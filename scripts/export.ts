// `npm run export -- [--out FILE] [--analytics]`: the whole site in one archive
// (docs/archive-format.md). Refuses while the server holds the embedded database (scripts/cli.ts).
import fs from 'node:fs/promises';
import { streamArchive } from '#functions/archive/export.ts';
import { archiveFileName } from '#functions/archive/file-name.ts';
import { argsOrUsage, runWithDatabase } from './cli.ts';
import { uploadStorage } from './server/create-server.ts';

const USAGE = 'Usage: npm run export -- [--out FILE] [--analytics]';

const options = argsOrUsage({ options: { out: { type: 'string' }, analytics: { type: 'boolean', default: false } } }, USAGE).values;

await runWithDatabase(async ({ db }, config) => {
  const started = performance.now();
  const out = options.out ?? (await archiveFileName(db, new Date()));
  // Written beside the target and renamed, so a half-written archive never has the final name.
  const partial = await fs.open(`${out}.partial`, 'w');
  let bytes = 0;
  try {
    for await (const chunk of await streamArchive(
      { db, storage: uploadStorage(config) },
      { analytics: options.analytics, now: new Date() },
    )) {
      await partial.write(chunk);
      bytes += chunk.byteLength;
    }
  } catch (error) {
    await partial.close();
    await fs.rm(`${out}.partial`, { force: true });
    throw error;
  }
  await partial.close();
  await fs.rename(`${out}.partial`, out);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Exported the site${options.analytics ? ' with analytics' : ''} to ${out} (${(bytes / 1024 ** 2).toFixed(1)} MB, ${seconds} s).`,
  );
});
