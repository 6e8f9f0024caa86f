// Before the browser tests' server starts: one account per staff role in its fresh data folder
// (the embedded database belongs to the server once it runs). The admin comes first, as the
// server's first start would make it from ADMIN_PASSWORD.
import { STAFF_ROLES } from '#db/types.ts';
import { runWithDatabase } from '#scripts/cli.ts';
import { createStaffAccount, ensureFirstAdmin } from '#scripts/server/admin-account.ts';
import { E2E_STAFF } from './session.ts';

await runWithDatabase(async ({ db }, config) => {
  await ensureFirstAdmin(db, config.adminPassword);
  for (const role of STAFF_ROLES.filter((role) => role !== 'admin')) {
    await createStaffAccount(db, E2E_STAFF[role].username, E2E_STAFF[role].password, role);
  }
});
