/**
 * Jest: TypeScript through SWC (type checking is `npm run typecheck`), real Postgres per test file
 * (a database cloned from a migrated template, see test/support/global-setup.ts).
 * @type {import('jest').Config}
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // meilisearch is ESM-only: let SWC turn it into CommonJS like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(meilisearch)/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  maxWorkers: 2,
  testTimeout: 60000,
};
