import { isMap, LineCounter, parseDocument, stringify } from 'yaml';
import { GitLayoutError } from './git-layout.error';

/** What `.gitbook.yaml` says; absent file or keys mean GitBook's defaults. */
export interface GitbookConfig {
  /** `root` as written (e.g. `./docs/`); `undefined`: the project directory itself. */
  root?: string;
  readme: string;
  summary: string;
  redirects: Record<string, string>;
}

export const CONFIG_FILE = '.gitbook.yaml';
export const DEFAULT_README = 'README.md';
export const DEFAULT_SUMMARY = 'SUMMARY.md';

export function parseGitbookConfig(source: string | undefined, file: string): GitbookConfig {
  const config: GitbookConfig = { readme: DEFAULT_README, summary: DEFAULT_SUMMARY, redirects: {} };
  if (source === undefined) return config;
  const lines = new LineCounter();
  const doc = parseDocument(source, { prettyErrors: true, lineCounter: lines });
  if (doc.errors.length) {
    const error = doc.errors[0];
    throw new GitLayoutError(file, error.linePos?.[0].line, `not valid YAML (${error.message.split('\n')[0]})`);
  }
  if (doc.contents !== null && !isMap(doc.contents)) throw new GitLayoutError(file, 1, 'must be a map of settings');
  const fail = (key: string, rule: string): never => {
    const node = doc.getIn(key.split('.'), true) as { range?: [number, number, number] } | undefined;
    throw new GitLayoutError(file, node?.range ? lines.linePos(node.range[0]).line : undefined, `${key}: ${rule}`);
  };
  const text = (value: unknown, key: string): string => (typeof value === 'string' && value.trim() !== '' ? value : fail(key, 'must be a non-empty text'));
  // Aliases are bounded so a small "billion laughs" file cannot expand into gigabytes.
  let data: Record<string, unknown>;
  try {
    data = (doc.toJS({ maxAliasCount: 100 }) ?? {}) as Record<string, unknown>;
  } catch (e) {
    throw new GitLayoutError(file, undefined, `not valid YAML (${(e as Error).message.split('\n')[0]})`);
  }
  if (data.root !== undefined && data.root !== null) config.root = text(data.root, 'root');
  const structure = data.structure ?? {};
  if (typeof structure !== 'object' || Array.isArray(structure)) fail('structure', 'must be a map');
  const { readme, summary } = structure as Record<string, unknown>;
  if (readme !== undefined && readme !== null) config.readme = text(readme, 'structure.readme');
  if (summary !== undefined && summary !== null) config.summary = text(summary, 'structure.summary');
  const redirects = data.redirects ?? {};
  if (typeof redirects !== 'object' || Array.isArray(redirects)) fail('redirects', 'must be a map of old path to new file');
  for (const [from, to] of Object.entries(redirects as Record<string, unknown>)) {
    // defineProperty: a `__proto__` key is data here, not the object's prototype.
    Object.defineProperty(config.redirects, from, { value: text(to, `redirects.${from}`), enumerable: true, writable: true, configurable: true });
  }
  return config;
}

/**
 * The file, or `undefined` when every setting is a default (GitBook needs no file then).
 * Sections in GitBook's documented order, separated by a blank line; `structure` is spelled out
 * whenever the file is written, so readers need not know the defaults.
 */
export function renderGitbookConfig(config: GitbookConfig): string | undefined {
  const redirects = Object.keys(config.redirects).length > 0;
  const custom = config.readme !== DEFAULT_README || config.summary !== DEFAULT_SUMMARY;
  if (config.root === undefined && !redirects && !custom) return undefined;
  const sections: string[] = [];
  if (config.root !== undefined) sections.push(stringify({ root: config.root }, { lineWidth: 0 }));
  sections.push(stringify({ structure: { readme: config.readme, summary: config.summary } }, { lineWidth: 0 }));
  if (redirects) sections.push(stringify({ redirects: config.redirects }, { lineWidth: 0 }));
  return sections.join('\n');
}
