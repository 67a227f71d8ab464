// A Vitest reporter for `npm test`: writes the tests that passed only on a retry to
// test-results/unit-flaky.json. Vitest's JSON report counts them as passed and does not say which
// were retried; scripts/testSummary.mjs counts them as flaky.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const FLAKY_FILE = 'test-results/unit-flaky.json';

export default class FlakyTestsReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    const flaky = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const diagnostic = test.diagnostic();
        if (diagnostic?.flaky) {
          flaky.push({ file: module.relativeModuleId, name: test.fullName, retries: diagnostic.retryCount });
        }
      }
    }
    const file = join(this.root, FLAKY_FILE);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(flaky, null, 2)}\n`);
  }
}
