// `npm run import -- FILE [--replace]`: makes the site what the archive holds. A site with
// content is only replaced with --replace. Refuses while the server holds the embedded database
// (scripts/cli.ts); the next `npm start` republishes the site from the imported content.
import { importArchive, SITE_HAS_CONTENT } from '#functions/archive/import.ts';
import { argsOrUsage, runWithDatabase } from './cli.ts';
import { uploadStorage } from './server/create-server.ts';
import { settleInterruptedWrites } from './server/interrupted-writes.ts';
import { openRangeReader } from './server/temp-spool.ts';

const USAGE = 'Usage: npm run import -- FILE [--replace]';

const parsed = argsOrUsage({ options: { replace: { type: 'boolean', default: false } }, allowPositionals: true }, USAGE);
if (parsed.positionals.length !== 1) {
  console.error(USAGE);
  process.exit(1);
}
const file = parsed.positionals[0]!;
const replace = parsed.values.replace;

await runWithDatabase(async ({ db }, config) => {
  const storage = uploadStorage(config);
  await settleInterruptedWrites(db, storage, console.log);
  // Read by range, never whole: the archive may be gigabytes.
  const archive = await openRangeReader(file);
  const summary = await importArchive({ db, storage }, archive, { replace })
    .catch((error: unknown) => {
      if (error instanceof Error && error.message === SITE_HAS_CONTENT)
        throw new Error('This site already has content. Run the import again with --replace to replace it.');
      throw error;
    })
    .finally(() => archive.dispose());
  const rows = summary.rows;
  console.log(
    `Imported ${file}: ${rows['stories'] ?? 0} stories, ${rows['chapters'] ?? 0} chapters, ${rows['galleries'] ?? 0} galleries, ` +
      `${rows['gallery_images'] ?? 0} images, ${summary.uploads} uploaded files${summary.analytics ? ', analytics' : ''}.`,
  );
});
