// The accounts tests make are hashed at argon2id's lowest cost. The stored hash names its cost, so
// signing in with them is as cheap: at the production cost, hashing and checking the tests'
// passwords took about a third of the database tests' time (decision 0040). What the routes hash
// (a changed password, the decoy for unknown names) keeps the production cost, and a test checks it.
import { hashPassword, type PasswordCost } from '#functions/auth/password.ts';

export const TEST_PASSWORD_COST: PasswordCost = { iterations: 1, parallelism: 1, memorySize: 64 };

export const hashTestPassword = (password: string) => hashPassword(password, TEST_PASSWORD_COST);
