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
// ESM-only packages (regex fragments of package names) that the CommonJS test build must
// compile too (Node itself loads them with require(esm) at run time). The unified/mdast stack
// is a family of small ESM packages, hence the prefixes.
const esmOnly = [
  'fractional-indexing',
  'jose',
  'micromark[a-z-]*',
  'mdast-util-[a-z-]+',
  'unist-util-[a-z-]+',
  'hast-util-[a-z-]+',
  'vfile[a-z-]*',
  'decode-named-character-reference',
  'character-entities[a-z0-9-]*',
  'devlop',
  'escape-string-regexp',
  'ccount',
  'longest-streak',
  'markdown-table',
  'zwitch',
  'trim-lines',
  'property-information',
  'space-separated-tokens',
  'comma-separated-tokens',
  'html-void-elements',
  'stringify-entities',
  'fault',
  'file-type',
  'strtok3',
  'token-types',
  'uint8array-extras',
  '@tokenizer/[a-z-]+',
  '@borewit/[a-z-]+',
  // hast-util-from-html / hast-util-to-mdast (imports: HTML pages as markdown)
  'hast-util-from-parse5',
  'hastscript',
  'web-namespaces',
  'parse5',
  'entities',
  'rehype-minify-whitespace',
  'collapse-white-space',
  'trim-trailing-lines',
  '@ungap/structured-clone',
];
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
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'] },
    { ...common, displayName: 'contract', testMatch: ['<rootDir>/test/contract/**/*.contract-spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'] },
    // Headless Chromium through a published site (test/browser; skips with a message without a browser).
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'] },
  ],
};
