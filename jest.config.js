// One runner, three projects: pure unit tests beside the code, port contract suites, HTTP e2e suites.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
// ESM-only packages that the CommonJS test build must compile too (Node itself loads them
// with require(esm) at run time).
const esmOnly = ['fractional-indexing'];
const common = {
  transform: { '^.+\\.ts$': swc, [`/node_modules/(${esmOnly.join('|')})/.+\\.js$`]: swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: {
    '^@app/([a-z-]+)$': '<rootDir>/libs/$1/src',
    '^@app/([a-z-]+)/(.*)$': '<rootDir>/libs/$1/src/$2',
  },
  testEnvironment: 'node',
  rootDir: __dirname,
};
module.exports = {
  testTimeout: 60000,
  // A test that times out leaves its server running; on 2 cores Jest runs in band, in its own
  // process, which would then never exit (CI once ran into its 90-minute limit that way).
  forceExit: true,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'] },
    { ...common, displayName: 'contract', testMatch: ['<rootDir>/test/contract/**/*.contract-spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'] },
  ],
};
