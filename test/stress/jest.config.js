/** The multi-instance stress and crash suites: real server processes, so one file at a time (`npm run test:stress`). */
module.exports = {
  rootDir: '../..',
  displayName: 'stress',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  testMatch: ['<rootDir>/test/stress/**/*.stress-spec.ts'],
  testTimeout: 15 * 60_000,
  maxWorkers: 1,
};
