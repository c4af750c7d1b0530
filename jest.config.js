/** Two projects: fast pure unit tests, and e2e tests that boot the app on a real PostgreSQL. */
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] };

module.exports = {
  testTimeout: 30000,
  // A worker that grows past this between two test files is replaced by a fresh one (see README, Tests and CI).
  workerIdleMemoryLimit: '700MB',
  testSequencer: '<rootDir>/test/support/slowest-first-sequencer.js',
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'],
    },
    {
      displayName: 'e2e',
      // node's, plus closing what a test file left open (test/support/suite-resources.ts)
      testEnvironment: '<rootDir>/test/support/e2e-environment.js',
      transform,
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/e2e-timeout.js'],
      globalSetup: '<rootDir>/test/support/global-setup.js',
      globalTeardown: '<rootDir>/test/support/global-teardown.js',
    },
  ],
};
