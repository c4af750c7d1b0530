/** Counts every invariant checked and keeps the violated ones (the suites assert there are none). */
export class InvariantLog {
  checks = 0;
  readonly violations: string[] = [];

  check(holds: boolean, describe: () => string): void {
    this.checks += 1;
    if (!holds) this.violations.push(describe());
  }

  equal(actual: unknown, expected: unknown, what: string): void {
    this.check(Object.is(actual, expected) || JSON.stringify(actual) === JSON.stringify(expected), () => `${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  }
}
