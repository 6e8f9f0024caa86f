// `npm run db:migrate`: applies pending migrations (opening the database does that);
// `npm run db:migrate -- --down-all` then reverts every migration (empties the database).
import { migrateDownAll } from '#db/migrate.ts';
import { runWithDatabase } from './cli.ts';

await runWithDatabase(async ({ db }) => {
  if (!process.argv.includes('--down-all')) return console.log('database: up to date');
  for (const line of await migrateDownAll(db)) console.log(`database: ${line}`);
  console.log('database: every migration reverted');
});
