// A benchmark's pass/fail checks (the invariants and budgets it verifies), printed as one table;
// any failed check makes the run exit non-zero.
export interface Check {
  name: string;
  pass: boolean;
  detail: string;
}

export function reportChecks(checks: readonly Check[]): void {
  console.log('\n| check | result | detail |\n|---|---|---|');
  for (const c of checks) console.log(`| ${c.name} | ${c.pass ? 'PASS' : 'FAIL'} | ${c.detail} |`);
  if (checks.some((c) => !c.pass)) process.exitCode = 1;
}
