// `npm run build`: builds the static site into dist/ from the configured database, the same
// way the running server republishes (used by deployments; locally `npm start` does this itself).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBoolean } from '#core/config-values.ts';
import { readContentSnapshot } from '#functions/site/snapshot.ts';
import { runWithDatabase } from './cli.ts';
import { uploadStorage } from './server/create-server.ts';
import { siteImageReader } from './server/epub-files.ts';
import { removeUnusedChapterTexts, writeChapterTexts } from './server/content-files.ts';
import { buildStaticSite } from './server/site-publishing.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await runWithDatabase(async (database, config) => {
  const outDir = path.join(projectRoot, 'dist');
  const readImage = siteImageReader({ publicDir: path.join(projectRoot, 'public'), storage: uploadStorage(config) });
  // The cloud build cannot see the Worker's secrets: FOLLOW_BY_EMAIL says whether it sends email.
  const followByEmail = readBoolean(process.env, 'FOLLOW_BY_EMAIL', Boolean(config.mail));
  const snapshot = await readContentSnapshot(database.db, new Date(), { followByEmail });
  const textsDir = path.join(projectRoot, '.site', 'texts');
  await writeChapterTexts(database.db, textsDir, snapshot, { rewrite: true });
  await buildStaticSite({ projectRoot, outDir, snapshot, textsDir, siteUrl: config.siteUrl, readImage });
  await removeUnusedChapterTexts(textsDir, snapshot);
  console.log(`Built the site into ${outDir}`);
});
