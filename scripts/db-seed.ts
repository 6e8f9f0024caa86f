// `npm run db:seed`: puts the demo content into an empty database (a database with content is left alone).
import { seedDemoContent } from '#db/seed/index.ts';
import { runWithDatabase } from './cli.ts';

await runWithDatabase(async ({ db }) => {
  console.log((await seedDemoContent(db)) ? 'Seeded the demo content.' : 'The database already has content; nothing seeded.');
});
