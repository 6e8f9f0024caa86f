// Prints, after the API suite ran against the worker, why tests were skipped there: each test that
// needs what only the in-process app has says so (scripts/test/remote-api.ts), and the counts show
// how much of the suite the worker did not see.
import type { Reporter, TestModule } from 'vitest/node';

export default class SkipReasonsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const reasons = new Map<string, number>();
    for (const module of testModules) {
      for (const test of module.children.allTests('skipped')) {
        const result = test.result();
        const reason = (result.state === 'skipped' && result.note) || 'skipped in its file';
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      }
    }
    if (reasons.size === 0) return;
    console.log('\nSkipped against the worker, by reason:');
    for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  ${String(count).padStart(4)}  ${reason}`);
  }
}
