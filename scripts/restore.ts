// `npm run restore -- <backup folder>`: puts a local backup (scripts/server/backup.ts) back in
// place of the embedded database and uploads. Run it with the server stopped; README "Backups".
import { readConfig } from './config.ts';
import { restoreBackup } from './server/restore-backup.ts';

const folder = process.argv[2];
try {
  if (!folder || process.argv.length > 3) throw new Error('Usage: npm run restore -- <backup folder>');
  const config = readConfig();
  if (config.database.databaseUrl || config.s3) {
    throw new Error(
      'Local backups hold the embedded database and local uploads; with DATABASE_URL or S3_BUCKET set, restore with your provider instead.',
    );
  }
  const { movedAside, sessionVersionsPastBefore } = await restoreBackup(folder, config.dataDir);
  console.log(`Restored ${folder} into ${config.dataDir}.`);
  if (sessionVersionsPastBefore || !config.sessionSecret) console.log('Every session is signed out: staff sign in again.');
  else
    console.log('No database from before the restore could be read: change SESSION_SECRET to be sure every earlier session is signed out.');
  console.log(`The database, uploads and site from before are in ${movedAside} (delete it once all is well).`);
  console.log('Start the server again with: npm start');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
