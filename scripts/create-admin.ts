// `npm run create-admin -- --username NAME [--role admin|author|mod] [--password PASSWORD]`
// adds a staff account. Without --password a strong one is generated and printed once.
import { parseArgs } from 'node:util';
import { createStaffAccount, generatePassword } from './server/admin-account.ts';
import { runWithDatabase } from './cli.ts';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    role: { type: 'string', default: 'author' },
    password: { type: 'string' },
  },
});

if (!values.username) {
  console.error('Usage: npm run create-admin -- --username NAME [--role admin|author|mod] [--password PASSWORD]');
  process.exit(1);
}

await runWithDatabase(async ({ db }) => {
  const password = values.password ?? generatePassword();
  const user = await createStaffAccount(db, values.username!, password, values.role);
  console.log(`Created ${user.role} "${user.username}"${values.password ? '.' : ` with the password ${password} (shown only now).`}`);
});
