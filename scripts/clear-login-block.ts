// `npm run clear-login-block -- USERNAME` lifts every sign-in block on an account (from any
// address or device); `npm run clear-login-block -- --address IP` lifts the block on an address.
// For the day strangers' guesses hold an account and its owner is on a new device.
import { parseArgs } from 'node:util';
import { throttleStore } from '#functions/auth/throttle.ts';
import { runWithDatabase } from './cli.ts';

const USAGE = 'Usage: npm run clear-login-block -- USERNAME   or   npm run clear-login-block -- --address IP';

const { values, positionals } = parseArgs({ options: { address: { type: 'string' } }, allowPositionals: true });
const username = positionals[0];
if ((username === undefined) === (values.address === undefined) || positionals.length > 1) {
  console.error(USAGE);
  process.exit(1);
}

await runWithDatabase(async ({ db }) => {
  if (values.address !== undefined) {
    const cleared = await throttleStore.clearAddress(db, values.address);
    console.log(`Cleared the sign-in block on the address ${values.address} (${cleared} record${cleared === 1 ? '' : 's'}).`);
  } else {
    const cleared = await throttleStore.clearAccount(db, username!);
    console.log(`Cleared the sign-in block on the account "${username}" (${cleared} record${cleared === 1 ? '' : 's'}).`);
  }
});
